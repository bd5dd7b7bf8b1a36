// MetadataEchoService.swift: test.Metadata/Echo: answers with the x-trace header and the trace-bin header's bytes, as the handler saw them.
import HTTPTypes
import ProtoHTTPCore
import ProtoHTTPServer
import ProtoWire

/// `test.Metadata/Echo(StringValue) -> StringValue`: `"x-trace=<value> trace-bin=<hex of the
/// decoded bytes>"`, so a peer's metadata (text and binary) can be checked end to end.
enum MetadataEchoService {
    static var definition: ServiceDefinition {
        ServiceDefinition(name: "test.Metadata", methods: [
            .unary("/test.Metadata/Echo", Google_Protobuf_StringValue.self, Google_Protobuf_StringValue.self) { _, context in
                let trace = context.header(HTTPField.Name("x-trace")!) ?? "none"
                let binary = context.header(HTTPField.Name("trace-bin")!).flatMap(GRPCBinaryHeader.decode)
                let hex = binary.map { $0.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() } ?? "none"
                return Google_Protobuf_StringValue("x-trace=\(trace) trace-bin=\(hex)")
            },
        ])
    }
}
