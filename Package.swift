// swift-tools-version:6.1
// Package.swift: the ProtoHTTP package (codec, client, server, generator, plugin).
import PackageDescription

let package = Package(
    name: "ProtoHTTP",
    products: [
        .library(name: "ProtoWire", targets: ["ProtoWire"]),
    ],
    targets: [
        // The hand-written protobuf codec: messages, binary wire format, unknown fields.
        .target(name: "ProtoWire"),

        // `make demo`: shows the codec until the RPC demo exists.
        .executableTarget(name: "protohttp-demo", dependencies: ["ProtoWire", "ProtoWireTestSchema"]),

        // Hand-written "generated-style" structs for Protos/test, shared by the tests.
        .target(name: "ProtoWireTestSchema", dependencies: ["ProtoWire"], path: "Tests/ProtoWireTestSchema"),

        // protoc-c output for Protos/test plus a descriptor-driven field dumper (test-only C).
        .target(
            name: "CProtobufCTestSupport",
            path: "Tests/CProtobufCTestSupport",
            linkerSettings: [.linkedLibrary("protobuf-c")]
        ),

        .testTarget(
            name: "ProtoWireTests",
            dependencies: ["ProtoWire", "ProtoWireTestSchema", "CProtobufCTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
