// ImportMappingTests.swift: `import` lines for dependencies: same module, ProtoWire, ModuleMappings.

import Foundation
import Testing

/// Runs the generator on a small tree of `.proto` files that import each other:
///
/// ```
/// acme/common/money.proto      package acme.common
/// acme/billing/invoice.proto   package acme.billing   imports money.proto and timestamp.proto
/// acme/shared/reexport.proto   package acme.shared    `import public` money.proto
/// acme/app/order.proto         package acme.app       imports invoice.proto and reexport.proto
/// acme/billing/billing.proto    package acme.billing   service Billing over Money, Invoice, Empty, Timestamp
/// ```
@Suite("Generator import mapping", .enabled(if: PluginHarness.protocPath != nil, Comment(rawValue: GoldenTests.protocMissing)))
struct ImportMappingTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("protohttp-imports-\(UUID().uuidString)")
        let files = [
            "acme/common/money.proto": """
                syntax = "proto3";
                package acme.common;
                message Money { string currency = 1; int64 units = 2; }
                """,
            "acme/billing/invoice.proto": """
                syntax = "proto3";
                package acme.billing;
                import "acme/common/money.proto";
                import "google/protobuf/timestamp.proto";
                message Invoice { acme.common.Money total = 1; google.protobuf.Timestamp due = 2; }
                """,
            "acme/shared/reexport.proto": """
                syntax = "proto3";
                package acme.shared;
                import public "acme/common/money.proto";
                """,
            "acme/app/order.proto": """
                syntax = "proto3";
                package acme.app;
                import "acme/billing/invoice.proto";
                import "acme/shared/reexport.proto";
                message Order { acme.billing.Invoice invoice = 1; acme.common.Money tip = 2; }
                """,
            "acme/billing/billing.proto": """
                syntax = "proto3";
                package acme.billing;
                import "acme/common/money.proto";
                import "acme/billing/invoice.proto";
                import "google/protobuf/empty.proto";
                import "google/protobuf/timestamp.proto";
                message ChargeRequest { acme.common.Money amount = 1; }
                service Billing {
                  rpc Charge(ChargeRequest) returns (acme.billing.Invoice);
                  rpc Refund(acme.common.Money) returns (google.protobuf.Empty);
                  rpc Now(google.protobuf.Empty) returns (google.protobuf.Timestamp);
                }
                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Writes a mapping file and returns its path.
    func mappingFile(_ text: String) throws -> String {
        let url = root.appendingPathComponent("mappings-\(UUID().uuidString).txt")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The `import` lines of the generated file for `proto`: its main file, or with `layer`
    /// (`"client"`, `"server"`) that layer's file.
    func imports(_ protos: [String], of proto: String, option: String = "", layer: String? = nil) async throws -> [String] {
        let generated = try await PluginHarness.generate(protos, includePath: root.path, option: option)
        let name = String(proto.dropLast(".proto".count)) + (layer.map { ".\($0)" } ?? "") + ".pb.swift"
        let text = try #require(generated[name], "no output for \(proto): \(generated.keys.sorted())")
        return importLines(text)
    }

    @Test func unmappedDependenciesAreAssumedToBeInThisModule() async throws {
        #expect(try await imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto") == ["import ProtoWire"])
    }

    @Test func fileMappingsImportTheirModule() async throws {
        let path = try mappingFile("""
            # the shared types live in their own target
            acme/common/money.proto   AcmeCommon
            """)
        await #expect(try imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto", option: "ModuleMappings=\(path)")
            == ["import ProtoWire", "import AcmeCommon"])
    }

    @Test func packageAndPrefixMappings() async throws {
        let exact = try mappingFile("acme.common AcmeCommon\nacme.billing AcmeBilling\n")
        await #expect(try imports(["acme/app/order.proto"], of: "acme/app/order.proto", option: "ModuleMappings=\(exact)")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeCommon"])
        // An exact package beats the `acme.*` prefix, which covers acme.common and acme.shared.
        let prefix = try mappingFile("acme.* Acme\nacme.billing Billing\nacme.app App\n")
        await #expect(try imports(["acme/app/order.proto"], of: "acme/app/order.proto", option: "ModuleMappings=\(prefix)")
            == ["import ProtoWire", "import Acme", "import Billing"])
        // Without `acme.app App`, the prefix puts order.proto itself in Acme: Acme is this module.
        let selfPrefix = try mappingFile("acme.* Acme\nacme.billing Billing\n")
        await #expect(try imports(["acme/app/order.proto"], of: "acme/app/order.proto", option: "ModuleMappings=\(selfPrefix)")
            == ["import ProtoWire", "import Billing"])
    }

    @Test func publicImportsAreFollowed() async throws {
        // order.proto uses Money only through reexport.proto's `import public`.
        let path = try mappingFile("acme/common/money.proto AcmeCommon\nacme/billing/invoice.proto AcmeCommon\n")
        await #expect(try imports(["acme/app/order.proto"], of: "acme/app/order.proto", option: "ModuleMappings=\(path)")
            == ["import ProtoWire", "import AcmeCommon"])
    }

    @Test func filesOfTheModuleBeingGeneratedAreNotImported() async throws {
        let path = try mappingFile("acme/common/money.proto Acme\nacme/billing/invoice.proto Acme\n")
        let files = ["acme/common/money.proto", "acme/billing/invoice.proto"]
        #expect(try await imports(files, of: "acme/billing/invoice.proto", option: "ModuleMappings=\(path)") == ["import ProtoWire"])
    }

    @Test func repeatedMappingOptionsAreMerged() async throws {
        // The build-tool plugin passes the user's file and its own (dependency targets) together.
        let first = try mappingFile("acme/common/money.proto AcmeCommon\n")
        let second = try mappingFile("acme.billing AcmeBilling\n")
        await #expect(try imports(["acme/app/order.proto"], of: "acme/app/order.proto",
                            option: "ModuleMappings=\(first),ModuleMappings=\(second)")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeCommon"])
        let conflicting = try mappingFile("acme/common/money.proto Other\n")
        await #expect(throws: HarnessError.self) {
            try await PluginHarness.generate(["acme/app/order.proto"], includePath: root.path,
                                       option: "ModuleMappings=\(first),ModuleMappings=\(conflicting)")
        }
    }

    @Test func swiftProtobufMappingFormatIsAccepted() async throws {
        let path = try mappingFile("""
            # swift-protobuf ProtoPathModuleMappings
            mapping {
              module_name: "AcmeCommon"
              proto_file_path: "acme/common/money.proto"
            }
            """)
        await #expect(try imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto", option: "ProtoPathModuleMappings=\(path)")
            == ["import ProtoWire", "import AcmeCommon"])
    }

    @Test func mappingTheWellKnownTypesOverridesProtoWire() async throws {
        let path = try mappingFile("google/protobuf/timestamp.proto MyWKT\n")
        await #expect(try imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto", option: "ModuleMappings=\(path)")
            == ["import ProtoWire", "import MyWKT"])
    }

    @Test func importProtoWireFalseDropsTheRuntimeImport() async throws {
        #expect(try await imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto", option: "ImportProtoWire=false") == [])
    }

    @Test func filesWithoutServicesImportOnlyProtoWire() async throws {
        let layers = "Clients=true,Servers=true"
        let generated = try await PluginHarness.generate(["acme/billing/invoice.proto"], includePath: root.path, option: layers)
        #expect(generated.keys.sorted() == ["acme/billing/invoice.pb.swift"])
        #expect(try await imports(["acme/billing/invoice.proto"], of: "acme/billing/invoice.proto", option: layers) == ["import ProtoWire"])
    }

    @Test func eachFileImportsWhatItsContentNames() async throws {
        let path = try mappingFile("acme/common/money.proto AcmeCommon\n")
        let option = "ModuleMappings=\(path),Clients=true,Servers=true"
        let billing = ["acme/billing/billing.proto"]
        // The metadata conforms to ProtoHTTPCore.RPCMethod; the runtimes stay out of the main file.
        #expect(try await imports(billing, of: billing[0], option: option) == ["import ProtoWire", "import AcmeCommon", "import ProtoHTTPCore"])
        // Layers: their runtime and the modules of the methods' messages (Money in AcmeCommon;
        // Empty and Timestamp in ProtoWire; Invoice unmapped, so in this module).
        #expect(try await imports(billing, of: billing[0], option: option, layer: "client") == ["import ProtoWire", "import AcmeCommon", "import ProtoHTTP", "import ProtoHTTPCore"])
        #expect(try await imports(billing, of: billing[0], option: option, layer: "server") == ["import ProtoWire", "import AcmeCommon", "import ProtoHTTPServer"])
    }

    @Test func useAccessLevelOnImportsGivesEachImportTheCodesAccessLevel() async throws {
        // For targets built with InternalImportsByDefault: public code needs `public import`.
        let billing = ["acme/billing/billing.proto"]
        let path = try mappingFile("acme/common/money.proto AcmeCommon\n")
        let base = "ModuleMappings=\(path),Clients=true,UseAccessLevelOnImports=true"
        #expect(try await imports(billing, of: billing[0], option: base + ",Visibility=Public")
            == ["public import ProtoWire", "public import AcmeCommon", "public import ProtoHTTPCore"])
        #expect(try await imports(billing, of: billing[0], option: base + ",Visibility=Public", layer: "client")
            == ["public import ProtoWire", "public import AcmeCommon", "public import ProtoHTTP", "public import ProtoHTTPCore"])
        #expect(try await imports(billing, of: billing[0], option: base, layer: "client")
            == ["internal import ProtoWire", "internal import AcmeCommon", "internal import ProtoHTTP", "internal import ProtoHTTPCore"])
        // Foundation, for a bytes field, follows the same rule.
        let generated = try await PluginHarness.generate(["Protos/generator/edge_cases.proto"], includePath: ".",
                                                         option: "Visibility=Public,FileNaming=DropPath,UseAccessLevelOnImports=true")
        let text = try #require(generated["edge_cases.pb.swift"])
        #expect(text.contains("public import FoundationEssentials\n#else\npublic import Foundation\n"), "\(text.prefix(600))")
        #expect(!text.contains("\nimport "), "every import has an access level:\n\(text.prefix(600))")
    }

    @Test func messagesFalseImportsTheModuleOfTheProtoItself() async throws {
        let billing = ["acme/billing/billing.proto"]
        let mapped = try mappingFile("acme.billing AcmeBilling\nacme/common/money.proto AcmeCommon\n")
        let generated = try await PluginHarness.generate(billing, includePath: root.path, option: "ModuleMappings=\(mapped),Messages=false,Clients=true")
        #expect(generated.keys.sorted() == ["acme/billing/billing.client.pb.swift"], "no main file")
        #expect(try await imports(billing, of: billing[0], option: "ModuleMappings=\(mapped),Messages=false,Clients=true", layer: "client")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeCommon", "import ProtoHTTP", "import ProtoHTTPCore"])
        #expect(try await imports(billing, of: billing[0], option: "ModuleMappings=\(mapped),Messages=false,Servers=true", layer: "server")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeCommon", "import ProtoHTTPServer"])
        // A mock in a test target: Dispatch, ProtoHTTPTesting (its machinery), and the module of
        // the client protocol it conforms to (the one holding the file's messages, AcmeBilling).
        #expect(try await imports(billing, of: billing[0], option: "ModuleMappings=\(mapped),Messages=false,Mocks=true", layer: "mock")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeCommon", "import Dispatch", "import ProtoHTTP", "import ProtoHTTPCore", "import ProtoHTTPTesting"])
        // Clients generated into another module than the messages: ClientModule names it.
        #expect(try await imports(billing, of: billing[0], option: "ModuleMappings=\(mapped),Messages=false,Mocks=true,ClientModule=AcmeClients", layer: "mock")
            == ["import ProtoWire", "import AcmeBilling", "import AcmeClients", "import AcmeCommon", "import Dispatch", "import ProtoHTTP", "import ProtoHTTPCore", "import ProtoHTTPTesting"])
        // Not mapped: the messages are in this module, nothing extra.
        let unmapped = try mappingFile("acme/common/money.proto AcmeCommon\n")
        #expect(try await imports(billing, of: billing[0], option: "ModuleMappings=\(unmapped),Messages=false,Clients=true", layer: "client")
            == ["import ProtoWire", "import AcmeCommon", "import ProtoHTTP", "import ProtoHTTPCore"])
    }

    @Test func badMappingsAreClearErrors() async throws {
        func error(_ option: String) async -> String {
            do {
                _ = try await PluginHarness.generate(["acme/common/money.proto"], includePath: root.path, option: option)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(await error("ModuleMappings=\(root.path)/missing.txt").contains("cannot read the module mappings file"))
        #expect(await error("ModuleMappings=\(try mappingFile("a.proto B C\n"))").contains(":1: expected '<proto file or package> <Swift module>'"))
        #expect(await error("ModuleMappings=\(try mappingFile("a.proto A\na.proto B\n"))").contains("'a.proto' is mapped to both A and B"))
        #expect(await error("ModuleMappings=\(try mappingFile("a.proto 9lives\n"))").contains("'9lives' is not a Swift module name"))
        #expect(await error("ImportProtoWire=maybe").contains("use ImportProtoWire=true or ImportProtoWire=false"))
        #expect(await error("ClientModule=9lives").contains("ClientModule needs a Swift module name"))
        #expect(await error("UseAccessLevelOnImports=yes").contains("use UseAccessLevelOnImports=true or UseAccessLevelOnImports=false"))
    }
}
