// swift-tools-version:6.1
// Package.swift: ProtoHTTPSwiftProtobuf: ProtoHTTP's client and server over swift-protobuf's messages, in a package of its own so ProtoHTTP's build does not grow.
import PackageDescription

// It expects a ProtoHTTP checkout named ProtoHTTP beside it, as the README's first service does
// (scripts/check-swift-protobuf-interop lays that out); ProtoHTTP's traits are off (no TLS or
// HTTP/2 in the server), which swift-protobuf interop does not need.
let package = Package(
    name: "ProtoHTTPSwiftProtobuf",
    products: [
        .library(name: "ProtoHTTPSwiftProtobuf", targets: ["ProtoHTTPSwiftProtobuf"]),
    ],
    dependencies: [
        .package(path: "../ProtoHTTP", traits: []),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: [
        .target(
            name: "ProtoHTTPSwiftProtobuf",
            dependencies: [
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPServer", package: "ProtoHTTP"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault")]
        ),
        .testTarget(
            name: "ProtoHTTPSwiftProtobufTests",
            dependencies: [
                "ProtoHTTPSwiftProtobuf",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPServer", package: "ProtoHTTP"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]
        ),
    ]
)
