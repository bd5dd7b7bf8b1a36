// swift-tools-version:6.1
// Package.swift: the ProtoHTTP package (codec, client, server, generator, plugin).
import PackageDescription

/// The library targets' Swift settings: an `import` is internal unless a file says `public import`
/// (or `package import`), so what each module exposes is written down where it is used and no
/// module re-exports another: a user imports the modules whose names they write.
let explicitImports: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

/// swift-http-types, for the targets whose files name `HTTPFields`, `HTTPField.Name` or
/// `HTTPRequest.Method` (ProtoHTTPCore uses it in its public API but does not re-export it).
let httpTypes: Target.Dependency = .product(name: "HTTPTypes", package: "swift-http-types")

/// swift-service-lifecycle's `Service` and `ServiceGroup`, for the types that run as services
/// and the executables that run them.
let serviceLifecycle: Target.Dependency = .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")

let package = Package(
    name: "ProtoHTTP",
    products: [
        .library(name: "ProtoWire", targets: ["ProtoWire"]),
        .library(name: "ProtoHTTPCore", targets: ["ProtoHTTPCore"]),
        .library(name: "ProtoHTTPObservability", targets: ["ProtoHTTPObservability"]),
        .library(name: "ProtoHTTP", targets: ["ProtoHTTP"]),
        .library(name: "ProtoHTTPServer", targets: ["ProtoHTTPServer"]),
        .library(name: "ProtoHTTPOffline", targets: ["ProtoHTTPOffline"]),
        .library(name: "ProtoHTTPServerSQLite", targets: ["ProtoHTTPServerSQLite"]),
        .library(name: "ProtoHTTPTesting", targets: ["ProtoHTTPTesting"]),
        .library(name: "ProtoHTTPInProcess", targets: ["ProtoHTTPInProcess"]),
        .executable(name: "protohttp", targets: ["ProtoHTTPCLI"]),
        .executable(name: "protohttp-demo", targets: ["protohttp-demo"]),
        .executable(name: "protoc-gen-protohttp", targets: ["protoc-gen-protohttp"]),
        .executable(name: "notes-server", targets: ["notes-server"]),
        .plugin(name: "ProtoHTTPPlugin", targets: ["ProtoHTTPPlugin"]),
        .plugin(name: "GenerateProtos", targets: ["GenerateProtos"]),
        // Test and benchmark support only (the child-process launcher the tests and Benchmarks/
        // share), never runtime API: scripts/check-module-graph fails if anything but a test
        // target depends on it.
        .library(name: "ProtoHTTPTestSupport", targets: ["ProtoHTTPTestSupport"]),
    ],
    // The server's optional parts (both on by default). A package that serves plain HTTP/1.1
    // turns them off and builds without BoringSSL and swift-nio-http2, in about half the time:
    // `.package(path: "../ProtoHTTP", traits: [])` (ProtoHTTPServer.docc/TLSAndHTTP2.md).
    traits: [
        .trait(name: "TLS", description: "HTTPS for ProtoHTTPServer (swift-nio-ssl with BoringSSL): ServerConfiguration.tls."),
        .trait(name: "HTTP2", description: "HTTP/2 for ProtoHTTPServer (swift-nio-http2): h2 through ALPN and h2c prior knowledge."),
        .default(enabledTraits: ["TLS", "HTTP2"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // HTTPFields, HTTPField.Name and HTTPRequest.Method: the header and method vocabulary of
        // Swift on server, in ProtoHTTPCore's public API (client and server; no NIO, no Foundation).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // SwiftNIO: only the server target (and what builds on it) depends on it.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // NIOExtras' ServerQuiescingHelper drains the server's connections at shutdown (server only).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // HTTP/2 (h2c and h2 over TLS) and TLS with ALPN for the server (server only).
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // SQLite for the response cache and the offline queue (ProtoHTTPOffline only).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // OpenTelemetry RPC metrics and spans (the ProtoHTTPObservability target): the two API
        // packages only, without dependencies of their own; a backend is the app's choice.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // `Service` and `ServiceGroup` (graceful shutdown on SIGTERM): ProtoHTTPServer, OfflineQueue
        // and NetworkMonitor run as services; the demos' executables run them in a group.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The hand-written protobuf codec: messages, binary wire format, unknown fields.
        .target(name: "ProtoWire", swiftSettings: explicitImports),

        // The vocabulary client and server share: RPC codes and their HTTP mappings, Connect and
        // Twirp error bodies, headers, media types, protocols and encodings, method metadata.
        // HTTPTypes is re-exported: HTTPFields is the header type of the public API.
        .target(name: "ProtoHTTPCore", dependencies: ["ProtoWire", .product(name: "HTTPTypes", package: "swift-http-types")], swiftSettings: explicitImports),

        // OpenTelemetry RPC metrics and spans of calls, for client and server alike
        // (RPCObservability): swift-metrics' and swift-distributed-tracing's APIs, no backend.
        .target(name: "ProtoHTTPObservability", dependencies: [
            "ProtoHTTPCore", httpTypes,
            .product(name: "CoreMetrics", package: "swift-metrics"), .product(name: "Tracing", package: "swift-distributed-tracing"),
        ], swiftSettings: explicitImports),

        // descriptor.proto and plugin.proto types, generated by the generator itself
        // (scripts/regenerate-descriptors); package-internal, not a product.
        .target(name: "ProtoDescriptors", dependencies: ["ProtoWire"], swiftSettings: explicitImports),

        // The protoc plugin: .proto files become generated-style Swift structs.
        .executableTarget(name: "protoc-gen-protohttp", dependencies: ["ProtoWire", "ProtoDescriptors"]),

        // Build-tool plugin: runs protoc + protoc-gen-protohttp on a target's .proto files
        // (protohttp-config.json in the target; see ProtoHTTPCore.docc/GeneratingCode.md).
        .plugin(name: "ProtoHTTPPlugin", capability: .buildTool(), dependencies: ["protoc-gen-protohttp"]),

        // `swift package generate-protos`: writes generated files into the source tree.
        .plugin(
            name: "GenerateProtos",
            capability: .command(
                intent: .custom(verb: "generate-protos", description: "Generate .pb.swift files from .proto files with protoc-gen-protohttp"),
                permissions: [.writeToPackageDirectory(reason: "writes the generated .pb.swift files into the targets' source folders")]
            ),
            dependencies: ["protoc-gen-protohttp"]
        ),

        // zlib (libcurl links it anyway), for gzip bodies on both sides.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // gzip of whole bodies over CZlib, shared by client and server (`package` API; no NIO).
        .target(name: "ProtoHTTPGzip", dependencies: ["CZlib"], swiftSettings: explicitImports),

        // The RPC server on SwiftNIO: Connect, Twirp and plain routes to generated handler protocols.
        .target(
            name: "ProtoHTTPServer",
            dependencies: [
                "ProtoWire", "ProtoHTTPCore", httpTypes,
                "ProtoHTTPGzip",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2", condition: .when(traits: ["HTTP2"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["TLS"])),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                "ProtoHTTPObservability", .product(name: "Tracing", package: "swift-distributed-tracing"),
                serviceLifecycle,
            ],
            swiftSettings: explicitImports
        ),

        // The server's SQLite parts (GRDB): SQLiteIdempotencyStore, answers for Idempotency-Keys
        // that survive a restart. Its own product, so a server without it links no SQLite.
        .target(
            name: "ProtoHTTPServerSQLite",
            dependencies: ["ProtoHTTPServer", "ProtoHTTPCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: explicitImports
        ),

        // A ClientTransport answering with a ProtoHTTPServer's services in this process, no
        // sockets: the one module that links both the client and the server.
        .target(
            name: "ProtoHTTPInProcess",
            dependencies: ["ProtoHTTP", "ProtoHTTPServer", "ProtoHTTPCore", httpTypes],
            swiftSettings: explicitImports
        ),

        // The demo's server side: notes.Notes messages and handler (Protos/demo, Servers=true), the
        // in-memory NotesService and DemoServer. It links no client, so no libcurl.
        .target(
            name: "ProtoHTTPDemoService",
            dependencies: ["ProtoWire", "ProtoHTTPCore", "ProtoHTTPServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: explicitImports
        ),

        // The demo's client side: the typed client (Clients=true, Messages=false) and the scripted
        // tour that `make demo` runs against DemoServer in-process.
        .target(
            name: "ProtoHTTPDemo",
            dependencies: ["ProtoHTTPDemoService", "ProtoWire", "ProtoHTTPCore", "ProtoHTTP", "ProtoHTTPOffline", "ProtoHTTPServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: explicitImports
        ),

        // `notes-server`: the demo service alone, a server-only executable (checked to link no libcurl).
        .executableTarget(name: "notes-server", dependencies: ["ProtoHTTPDemoService", "ProtoHTTPServer", serviceLifecycle,
                                                             .product(name: "Logging", package: "swift-log")]),

        // The `protohttp` command (product `protohttp`): `call`, `list`, `encode`, `decode` on
        // schemas read at run time (descriptor sets, from protoc). It links the codec, the
        // schemas and the client only (scripts/check-module-graph). The target is ProtoHTTPCLI so
        // its folder differs from Sources/ProtoHTTP on case-insensitive file systems too.
        .executableTarget(
            name: "ProtoHTTPCLI",
            dependencies: [
                "ProtoHTTP", "ProtoHTTPCore", httpTypes, "ProtoWire", "ProtoDescriptors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The demos (product `protohttp-demo`): `run` (the default; `make demo`), `serve --port N`
        // (the notes service, for curl and `make attack`), `codec`.
        .executableTarget(
            name: "protohttp-demo",
            dependencies: [
                "ProtoHTTPDemo", "ProtoHTTPDemoService", "ProtoHTTPServer", "ProtoWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"), serviceLifecycle,
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Test and benchmark support: ChildProcess (the one launcher of Python peers, nginx, wrk,
        // notes-server and one-shot tools), PortLine (the one reader of a peer's "PORT <n>" line)
        // and PackageRoot. Used by test targets and the Benchmarks package only.
        .target(name: "ProtoHTTPTestSupport", path: "Tests/ProtoHTTPTestSupport"),
        .testTarget(name: "ProtoHTTPTestSupportTests", dependencies: ["ProtoHTTPTestSupport"]),

        // Generator output for Protos/test (scripts/regenerate-test-schema), shared by the tests.
        .target(name: "ProtoWireTestSchema", dependencies: ["ProtoWire"], path: "Tests/ProtoWireTestSchema"),

        // protoc-c output for Protos/test (scripts/gen-protobuf-c-fixtures) plus test-only glue:
        // unpack/pack, a descriptor-driven dumper and random message builder for the cross-checks.
        .target(
            name: "CProtobufCTestSupport",
            path: "Tests/CProtobufCTestSupport",
            linkerSettings: [.linkedLibrary("protobuf-c")]
        ),

        // Typed, non-variadic wrappers over libcurl (header-only shims; no logic in C).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        // OpenSSL's libcrypto (EVP digests), for the SHA-256 check of downloads: the library
        // libcurl4-openssl already loads, so the client gains no new code, only its header.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // The RPC client: manager, serializers, typed calls, wire protocols (plain, Connect, Twirp),
        // transport (one curl multi handle on one thread), transfers (progress, downloads to files),
        // call lifecycles, errors.
        .target(
            name: "ProtoHTTP",
            dependencies: ["ProtoWire", "ProtoHTTPCore", httpTypes, "CCurl", "CLibCrypto", "ProtoHTTPGzip", .product(name: "Logging", package: "swift-log"),
                           "ProtoHTTPObservability", .product(name: "Tracing", package: "swift-distributed-tracing")],
            swiftSettings: explicitImports
        ),

        // The offline layer over the client: response cache (memory LRU and SQLite), the persisted
        // offline queue and its replay, and reachability over rtnetlink. Its own product, so a
        // user of the client alone links no SQLite.
        .target(
            name: "ProtoHTTPOffline",
            dependencies: ["ProtoHTTP", "ProtoHTTPCore", httpTypes, "ProtoWire", .product(name: "GRDB", package: "GRDB.swift"), serviceLifecycle],
            swiftSettings: explicitImports
        ),

        // Test doubles for users' tests: what the generated client mocks (Mocks=true) run on.
        // Its own product, so an app's client links no mock code; a test target depends on it.
        .target(name: "ProtoHTTPTesting", dependencies: ["ProtoHTTP", "ProtoHTTPCore"], swiftSettings: explicitImports),

        // Client tests against real loopback peers: the plain Python server and the Python
        // connectrpc and twirp servers (PythonPeers/; scripts/python-client-env).
        .testTarget(
            name: "ProtoHTTPTests",
            dependencies: ["ProtoHTTP", "ProtoHTTPCore", httpTypes, "ProtoWire", "ProtoHTTPTesting", "ProtoHTTPDemo", "ProtoHTTPDemoService", "ProtoHTTPTestSupport",
                           .product(name: "Logging", package: "swift-log")],
            exclude: ["PythonPeers"]
        ),

        // The server end to end (our client, every protocol and encoding), malformed requests,
        // the Python connectrpc client and raw HTTP against our server, the bounded load test;
        // and in process (InProcess/): the dispatcher, and the real pipeline on NIOEmbedded.
        .testTarget(
            name: "ProtoHTTPServerTests",
            dependencies: [
                "ProtoHTTPServer", "ProtoHTTPDemoService", "ProtoHTTPDemo", "ProtoHTTP", "ProtoHTTPCore", httpTypes, "ProtoWire", "notes-server",
                "ProtoHTTPInProcess", "ProtoHTTPGzip", "ProtoHTTPTesting",
                "ProtoHTTPTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                "ProtoHTTPObservability", .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "Logging", package: "swift-log"),
                serviceLifecycle, .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                "ProtoHTTPServerSQLite",
            ],
            exclude: ["PythonClients"]
        ),

        // The offline layer: cache stores and policies, the queue and its replay against our
        // server, reachability from recorded netlink messages and a network namespace.
        .testTarget(
            name: "ProtoHTTPOfflineTests",
            dependencies: [
                "ProtoHTTPOffline", "ProtoHTTP", "ProtoHTTPCore", httpTypes, "ProtoWire", "ProtoHTTPServer", "ProtoHTTPDemoService",
                "ProtoHTTPDemo", "ProtoHTTPTestSupport", "offline-queue-child", .product(name: "GRDB", package: "GRDB.swift"),
                serviceLifecycle, .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"), "ProtoHTTPServerSQLite",
            ],
            exclude: ["Cache/PythonPeers"]
        ),

        // The offline queue's crash-test child: enqueues and replays calls, printing a flushed
        // line per step, while the test kills it with SIGKILL (Tests/ProtoHTTPOfflineTests/Queue).
        .executableTarget(name: "offline-queue-child", dependencies: ["ProtoHTTPOffline", "ProtoHTTP", "ProtoHTTPDemoService"], path: "Tests/OfflineQueueChild"),

        // The `protohttp` command run as a child process: list, call (against protohttp-demo serve and the
        // Python connectrpc and twirp peers), encode/decode byte for byte against protoc.
        .testTarget(name: "ProtoHTTPCLITests", dependencies: ["ProtoHTTPTestSupport"]),

        // The shared vocabulary on its own: code tables, error bodies (good and bad), media types,
        // the Connect timeout grammar, method metadata.
        .testTarget(name: "ProtoHTTPCoreTests", dependencies: ["ProtoHTTPCore", httpTypes, "ProtoWire"]),

        .testTarget(
            name: "ProtoWireTests",
            dependencies: ["ProtoWire", "ProtoWireTestSchema", "CProtobufCTestSupport", "ProtoHTTPTestSupport"]
        ),

        // Generator output for Protos/generator (names, defaults, recursion, services; the service
        // metadata conforms to ProtoHTTPCore's RPCMethod).
        .target(name: "GeneratorTestSchema", dependencies: ["ProtoWire", "ProtoHTTPCore"], path: "Tests/GeneratorTestSchema"),

        // Generator output for Protos/clash (package-less types named like runtime types, with
        // Clients=true,Servers=true): it compiles only if generated code qualifies runtime names.
        .target(
            name: "GeneratorClashSchema",
            dependencies: ["ProtoWire", "ProtoHTTPCore", "ProtoHTTP", "ProtoHTTPServer", "ProtoHTTPTesting"],
            path: "Tests/GeneratorClashSchema"
        ),

        // Golden, freshness and error-path tests of protoc-gen-protohttp (runs protoc + the plugin).
        .testTarget(
            name: "GeneratorTests",
            dependencies: [
                "protoc-gen-protohttp", "ProtoDescriptors", "ProtoWire", "ProtoHTTPCore", "GeneratorTestSchema",
                "GeneratorClashSchema", "ProtoWireTestSchema", "ProtoHTTP", "ProtoHTTPServer", "ProtoHTTPTestSupport",
            ]
        ),

        // The conformance testee (Conformance/Testee, built out of tree by scripts/conformance-testee
        // with the built protoc-gen-protohttp), driven as Google's runner drives it, and its proto3
        // JSON cross-checked against Google's Python protobuf (Tests/PythonOracle).
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["protoc-gen-protohttp", "ProtoHTTPTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
