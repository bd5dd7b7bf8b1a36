// HTTPFieldsAppendingTests.swift: appending fields in bulk, and the + and += that use it: order, duplicates and empty sides kept as the standard library's.
import HTTPTypes
import ProtoHTTPCore
import Testing

@Suite("Appending HTTP fields")
struct HTTPFieldsAppendingTests {
    static let left: HTTPFields = [.contentType: "application/grpc", .grpcEncoding: "gzip"]
    static let right = HTTPFields([HTTPField(name: .grpcStatus, value: "0"), HTTPField(name: .grpcEncoding, value: "identity"),
                                   HTTPField(name: .grpcMessage, value: "ok")])

    static func pairs(_ fields: HTTPFields) -> [String] {
        fields.map { "\($0.name.canonicalName)=\($0.value)" }
    }

    @Test("the sum is the left fields, then the right ones, duplicates kept: as the standard library's append(contentsOf:)")
    func sumKeepsOrderAndDuplicates() {
        var expected = Self.left
        expected.append(contentsOf: Self.right)
        #expect(Self.pairs(Self.left + Self.right) == Self.pairs(expected))
        #expect(Self.pairs(Self.left + Self.right) == ["content-type=application/grpc", "grpc-encoding=gzip", "grpc-status=0",
                                                        "grpc-encoding=identity", "grpc-message=ok"])
        #expect((Self.left + Self.right)[values: .grpcEncoding] == ["gzip", "identity"])
    }

    @Test("an empty side gives the other unchanged")
    func emptySides() {
        #expect(Self.pairs(Self.left + HTTPFields()) == Self.pairs(Self.left))
        #expect(Self.pairs(HTTPFields() + Self.right) == Self.pairs(Self.right))
        #expect((HTTPFields() + HTTPFields()).isEmpty)
    }

    @Test("+= and appendFields append in place; the operands stay as they were")
    func appendInPlace() {
        var fields = Self.left
        fields += Self.right
        #expect(Self.pairs(fields) == Self.pairs(Self.left + Self.right))
        var again = Self.left
        again.appendFields(Self.right)
        again.appendFields(HTTPFields())
        #expect(Self.pairs(again) == Self.pairs(fields))
        #expect(Self.left.count == 2 && Self.right.count == 3)
    }
}
