// LinkageTests.swift: `protohttp` links the codec, the schemas and the client only (no server, SwiftNIO, GRDB or SQLite); `protohttp-demo` does link them, so the check can fail.
import ProtoHTTPTestSupport
import Testing

@Suite("What protohttp links")
struct LinkageTests {
    /// Modules the command line tool must not carry: the server and its SwiftNIO, the offline
    /// layer and its GRDB, and the demo.
    static let serverAndOffline = ["ProtoHTTPServer", "NIOCore", "NIOPosix", "NIOHTTP1", "NIOSSL", "NIOHTTP2",
                                   "ProtoHTTPOffline", "GRDB", "ProtoHTTPDemo", "ProtoHTTPDemoService"]

    /// Which of `modules` define Swift symbols in the executable `path` (a Swift symbol starts
    /// with `$s`, then its module's name prefixed by the name's length).
    static func modulesDefined(in path: String, among modules: [String]) async throws -> Set<String> {
        let listing = try await runTool("/usr/bin/nm", ["--defined-only", path])
        #expect(listing.status == 0, "nm failed: \(listing.stderr)")
        let prefixes = modules.map { (module: $0, prefix: "$s\($0.utf8.count)\($0)") }
        var found = Set<String>()
        for line in listing.stdout.split(separator: "\n") {
            guard let symbol = line.split(separator: " ").last, symbol.hasPrefix("$s") else { continue }
            for entry in prefixes where symbol.hasPrefix(entry.prefix) { found.insert(entry.module) }
        }
        return found
    }

    @Test("protohttp defines no symbol of the server, SwiftNIO, the offline layer, GRDB or the demo, and ldd lists no SQLite; protohttp-demo has them")
    func cliLinksTheClientOnly() async throws {
        let cli = try CLI.executable()
        let demo = try CLI.executable("protohttp-demo")
        #expect(try await Self.modulesDefined(in: cli, among: Self.serverAndOffline) == [])
        #expect(try await Self.modulesDefined(in: cli, among: ["ProtoHTTP", "ProtoWire", "ProtoDescriptors"]) == ["ProtoHTTP", "ProtoWire", "ProtoDescriptors"])
        let demoModules = try await Self.modulesDefined(in: demo, among: Self.serverAndOffline)
        #expect(demoModules.isSuperset(of: ["ProtoHTTPServer", "NIOCore", "ProtoHTTPOffline", "GRDB", "ProtoHTTPDemo"]), "\(demoModules)")

        let cliLibraries = try await runTool("/usr/bin/ldd", [cli])
        #expect(cliLibraries.stdout.contains("libcurl"), "ldd listed no libcurl for protohttp: \(cliLibraries.stdout)")
        #expect(!cliLibraries.stdout.contains("libsqlite3"), "protohttp links SQLite:\n\(cliLibraries.stdout)")
        #expect(try await runTool("/usr/bin/ldd", [demo]).stdout.contains("libsqlite3"))
    }
}
