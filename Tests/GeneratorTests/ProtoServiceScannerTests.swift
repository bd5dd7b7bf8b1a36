// ProtoServiceScannerTests.swift: the plugins' `service` detection, which decides the declared client/server outputs.

import Foundation
import Testing

/// `ProtoServiceScanner.swift` is the plugins' file, compiled here through a symlink.
@Suite("Plugin service scanner")
struct ProtoServiceScannerTests {
    @Test func findsServiceDeclarations() {
        #expect(ProtoServiceScanner.declaresService("syntax = \"proto3\";\nservice Echo {\n  rpc Say(M) returns (M);\n}"))
        #expect(ProtoServiceScanner.declaresService("service Echo{}"))
        #expect(ProtoServiceScanner.declaresService("message A {}\n/* c */ service\n  _Tail\n{ }"))
    }

    @Test func ignoresCommentsStringsFieldsAndOptions() {
        #expect(!ProtoServiceScanner.declaresService("// service Echo {\nmessage M {}"))
        #expect(!ProtoServiceScanner.declaresService("/* service Echo {\n rpc X(M) returns (M); } */ message M {}"))
        #expect(!ProtoServiceScanner.declaresService("message M { string s = 1 [default = \"service Echo {\"]; }"))
        #expect(!ProtoServiceScanner.declaresService("message M { string s = 1 [default = 'it\\'s service X {']; }"))
        #expect(!ProtoServiceScanner.declaresService("message service {}\nmessage M { service service = 1; }"))
        #expect(!ProtoServiceScanner.declaresService("option (my.service) = true;\nmessage M { int32 service_id = 1; }"))
        #expect(!ProtoServiceScanner.declaresService("service"))
        #expect(!ProtoServiceScanner.declaresService("/* unterminated service Echo {"))
    }

    @Test func agreesWithTheGeneratorOnTheRepositorysProtos() throws {
        let protos = try PluginHarness.protos(in: "Protos/generator") + PluginHarness.protos(in: "Protos/test")
            + ["Protos/demo/notes.proto", "Tests/ProtoHTTPTests/PythonPeers/protos/rpc_test.proto",
               "Examples/PluginExample/Sources/plugin-example/event.proto",
               "Examples/PluginExample/Sources/ExampleModels/Protos/example/money.proto"]
        let withServices: Set<String> = [
            "Protos/generator/edge_cases.proto", "Protos/generator/well_known_use.proto", "Protos/demo/notes.proto",
            "Tests/ProtoHTTPTests/PythonPeers/protos/rpc_test.proto", "Examples/PluginExample/Sources/plugin-example/event.proto",
        ]
        for proto in protos {
            let text = try PluginHarness.committed(proto)
            #expect(ProtoServiceScanner.declaresService(text) == withServices.contains(proto), "\(proto)")
        }
    }
}
