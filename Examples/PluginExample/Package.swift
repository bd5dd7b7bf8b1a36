// swift-tools-version:6.1
// Package.swift: a package that uses ProtoHTTP's build-tool plugin, as a user's package would.
import PackageDescription

let package = Package(
    name: "PluginExample",
    dependencies: [
        // A user writes `.package(url: "https://…/ProtoHTTP.git", from: "…")` instead.
        .package(name: "ProtoHTTP", path: "../.."),
    ],
    targets: [
        // Shared messages in their own module; Protos/example/money.proto, public types.
        .target(
            name: "ExampleModels",
            dependencies: [.product(name: "ProtoWire", package: "ProtoHTTP")],
            exclude: ["protohttp-config.json"],  // read by the plugin, not a source or resource
            plugins: [.plugin(name: "ProtoHTTPPlugin", package: "ProtoHTTP")]
        ),
        // event.proto imports google/protobuf/timestamp.proto (from ProtoWire) and
        // example/money.proto (from ExampleModels); the plugin maps both without setup. Its
        // service gets a typed client (Clients=true): ProtoHTTP for the client, ProtoHTTPCore
        // for the metadata; never ProtoHTTPServer.
        .executableTarget(
            name: "plugin-example",
            dependencies: [
                "ExampleModels",
                .product(name: "ProtoWire", package: "ProtoHTTP"),
                .product(name: "ProtoHTTPCore", package: "ProtoHTTP"),
                .product(name: "ProtoHTTP", package: "ProtoHTTP"),
            ],
            exclude: ["protohttp-config.json"],
            plugins: [.plugin(name: "ProtoHTTPPlugin", package: "ProtoHTTP")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
