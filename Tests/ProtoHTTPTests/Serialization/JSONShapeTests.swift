// JSONShapeTests.swift: JSONShape matching and JSONShapeValidator's errors, on documents of every kind (no network).
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("JSON shape validator")
struct JSONShapeTests {
    private func check(_ shape: JSONShape, _ json: String) -> String? {
        do {
            try JSONShapeValidator(shape).validate(ResponseMetadata(status: 200, headers: [.contentType: "application/json"]), body: Array(json.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    let shape: JSONShape = ["code": .integer, "data": ["id": .string, "tags": [.string], "note": .optional(.string)]]

    @Test("a document of the shape passes; members the shape does not name are allowed")
    func matches() {
        #expect(check(shape, #"{"code": 0, "data": {"id": "n1", "tags": ["a", "b"], "extra": {"x": 1}}, "more": true}"#) == nil)
        #expect(check(shape, #"{"code": 2, "data": {"id": "n1", "tags": [], "note": null}}"#) == nil)
        #expect(check(shape, #"{"code": 2, "data": {"id": "n1", "tags": [], "note": "hi"}}"#) == nil)
        #expect(check(.any, "null") == nil && check(.null, "null") == nil && check(.bool, "false") == nil && check(.number, "1.5") == nil)
        #expect(check([.string, .integer], #"["a", 1, "b"]"#) == nil)
        #expect(check([], #"[1, "a", null, {}]"#) == nil)
    }

    @Test("the error names the path of the first departure and what was found there")
    func mismatches() {
        let cases: [(String, String)] = [
            (#"{"code": "0", "data": {"id": "n1", "tags": []}}"#, "at $.code: expected an integer, found a string"),
            (#"{"code": 1.5, "data": {"id": "n1", "tags": []}}"#, "at $.code: expected an integer, found 1.5"),
            (#"{"code": 0, "data": {"id": 7, "tags": []}}"#, "at $.data.id: expected a string, found a number"),
            (#"{"code": 0, "data": {"tags": []}}"#, "at $.data.id: expected a string, found nothing (the member is missing)"),
            (#"{"code": 0, "data": {"id": "n1", "tags": ["a", 2]}}"#, "at $.data.tags[1]: expected a string, found a number"),
            (#"{"code": 0, "data": {"id": "n1", "tags": [], "note": 3}}"#, "at $.data.note: expected a string, found a number"),
            (#"{"code": 0, "data": null}"#, "at $.data: expected an object, found null"),
            (#"[1]"#, "at $: expected an object, found an array"),
        ]
        for (json, expected) in cases {
            let message = check(shape, json)
            #expect(message?.contains("does not have the expected shape: \(expected);") == true, "\(json): \(message ?? "passed")")
        }
        #expect(check(["a b": .bool], #"{"a b": 1}"#)?.contains(#"at $["a b"]: expected a boolean, found a number"#) == true)
        #expect(check([.string, .integer], #"[true]"#)?.contains("at $[0]: expected a string or an integer, found a boolean") == true)
    }

    @Test("a body that is not JSON fails with what it holds; the error is internal and keeps the body")
    func notJSON() throws {
        let body = Array("<html>oops</html>".utf8)
        let error = #expect(throws: ProtoHTTPError.self) {
            try JSONShapeValidator(shape).validate(ResponseMetadata(status: 200, headers: [.contentType: "text/html"]), body: body)
        }
        #expect(error?.code == .internal && error?.responseBody == body)
        #expect(error?.message.contains(#"the response is not JSON: "<html>oops</html>""#) == true, "\(error?.message ?? "")")
        #expect(check(.any, "") != nil, "an empty body is no JSON document")
    }
}
