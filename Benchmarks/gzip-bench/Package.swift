// swift-tools-version:6.1
// Package.swift: gzip-bench, ProtoHTTPGzip (zlib through CZlib) against compress-nio and NIOExtras' HTTP compression handlers.
import PackageDescription

// A package of its own so that compress-nio, NIOHTTPCompression and NIOEmbedded stay out of the
// main package and of Benchmarks/. GzipUnderTest is ProtoHTTPGzip's source file itself (a
// symlink), so the bench measures exactly the code the client and server run, `package` access
// included; CZlib is the main package's module map (a symlink too).
//
// swift run -c release --package-path Benchmarks/gzip-bench
let package = Package(
    name: "gzip-bench",
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .target(name: "GzipUnderTest", dependencies: ["CZlib"]),
        .executableTarget(name: "gzip-bench", dependencies: [
            "GzipUnderTest",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            .product(name: "CompressNIO", package: "compress-nio"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
