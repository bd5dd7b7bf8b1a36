// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "NotesApp",
    dependencies: [
        // The checkout beside this package. `traits: []` leaves out the server's TLS and
        // HTTP/2 (and their build time), which this package does not need.
        .package(path: "../ProtoHTTP", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "NotesApp",
            dependencies: [
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
            ],
            exclude: ["protohttp-config.json"],
            plugins: [.plugin(name: "ProtoHTTPPlugin", package: "ProtoHTTP")]
        ),
    ]
)
