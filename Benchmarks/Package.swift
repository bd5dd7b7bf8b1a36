// swift-tools-version:6.1
// Package.swift: benchmarks: codec-bench (ProtoWire vs swift-protobuf vs protobuf-c), rpc-bench (HTTP clients), cache-bench (response caches) and bench-scale (cost curves).
import PackageDescription

let package = Package(
    name: "ProtoHTTPBenchmarks",
    dependencies: [
        .package(name: "ProtoHTTP", path: ".."),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        // rpc-bench only: the HTTP client ProtoHTTP is compared with, and the NIO buffers it returns.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // rpc-bench --protocol grpc only: grpc-swift 2, the gRPC client and server ours is compared
        // with and checked against (kept out of the main package, whose build stays lean).
        .package(url: "https://github.com/grpc/grpc-swift-2", exact: "2.4.3"),
        .package(url: "https://github.com/grpc/grpc-swift-nio-transport", exact: "2.9.2"),
    ],
    targets: [
        // Hand-written ProtoWire structs for Protos/bench.proto, in generated-code shape.
        .target(
            name: "BenchProtoWire",
            dependencies: [.product(name: "ProtoWire", package: "ProtoHTTP")]
        ),

        // protoc-gen-swift output for Protos/bench.proto (committed; see scripts/regenerate.sh).
        .target(
            name: "BenchSwiftProtobuf",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),

        // protoc-c output for Protos/bench.proto plus C builders and pack/unpack loops.
        .target(
            name: "BenchProtobufC",
            linkerSettings: [.linkedLibrary("protobuf-c")]
        ),

        // rpc-bench's `libcurl-c` client: a bare single-threaded libcurl multi loop in C.
        .target(
            name: "BenchLibcurlC",
            linkerSettings: [.linkedLibrary("curl")]
        ),

        // The timing harness and the optimization barrier, kept apart from the code measured.
        .target(name: "BenchSupport"),

        // The child processes, servers and load tools rpc-bench and bench-scale share: the
        // workload's RPC, nginx's config, wrk's script, command and report, the emergency stop that kills
        // children, the `--serve-protohttp` child's server loop, the temp folder, loopback ports,
        // the monotonic clock and the loop group.
        .target(
            name: "BenchProcesses",
            dependencies: [
                "BenchProtoWire",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPServer", package: "ProtoHTTP"),
            ]
        ),

        // `swift run -c release codec-bench`: prints one RESULT line per case and operation.
        .executableTarget(
            name: "codec-bench",
            dependencies: [
                "BenchProtoWire",
                "BenchSwiftProtobuf",
                "BenchProtobufC",
                "BenchSupport",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),

        // `swift run -c release rpc-bench`: one unary POST against nginx and against ProtoHTTPServer
        // (run in a child process) with ProtoHTTP, libcurl-c, AsyncHTTPClient, URLSession and wrk; prints one
        // RESULT line per server, client and concurrency.
        .executableTarget(
            name: "rpc-bench",
            dependencies: [
                "BenchProtoWire",
                "BenchProcesses",
                "BenchSupport",
                "BenchLibcurlC",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPServer", package: "ProtoHTTP"),
                // ChildProcess and PortLine, shared with the tests (test and benchmark support only).
                .product(name: "ProtoHTTPTestSupport", package: "ProtoHTTP"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "GRPCCore", package: "grpc-swift-2"),
                .product(name: "GRPCNIOTransportHTTP2", package: "grpc-swift-nio-transport"),
            ]
        ),

        // `swift run -c release cache-bench`: hit and store of ProtoHTTPOffline's memory and disk
        // response caches, 1 KiB and 64 KiB bodies; prints one RESULT line per cache, op and size.
        .executableTarget(
            name: "cache-bench",
            dependencies: ["BenchSupport", .product(name: "ProtoHTTPOffline", package: "ProtoHTTP")]
        ),

        // `swift run -c release bench-scale`: cost curves as work grows (issue 34): server rps and
        // RSS per idle connection, client rps and RSS per call in flight, ProtoWire ns/byte, offline
        // queue and response cache at 10^3 to 10^5 entries; one RESULT line per point.
        .executableTarget(
            name: "bench-scale",
            dependencies: [
                "BenchProtoWire",
                "BenchProcesses",
                "BenchSupport",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPServer", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPOffline", package: "ProtoHTTP"),
                // ChildProcess and PortLine, shared with the tests (test and benchmark support only).
                .product(name: "ProtoHTTPTestSupport", package: "ProtoHTTP"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
