// ServerOnlyTests.swift: a server-only executable links no client: ldd on notes-server, and it serves and stops cleanly.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Testing
import ProtoHTTPCore
import ProtoHTTPDemoService

@Suite("Server-only executable")
struct ServerOnlyTests {
    /// An executable built next to the test bundle, or `nil`.
    static func builtExecutable(_ name: String) -> String? {
        var dir = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// Why `ldd` gave no list.
    struct LddFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The shared libraries `ldd` lists for `path`. Blocks: call it off the pool. Throws
    /// rather than recording issues, which would belong to no test on a Dispatch thread.
    static func sharedLibraries(_ path: String) throws -> String {
        guard let output = PythonClient.runProgram("/usr/bin/ldd", [path], timeout: 30) else {
            throw LddFailure(description: "ldd did not finish within 30 s")
        }
        guard output.status == 0 else { throw LddFailure(description: "ldd failed (\(output.status)): \(output.stderr)") }
        return output.stdout
    }

    @Test("notes-server links neither libcurl nor the client; the full CLI, which does, shows the check can fail")
    func notesServerLinksNoCurl() async throws {
        let server = try #require(Self.builtExecutable("notes-server"), "notes-server is not built next to the tests; run swift build first")
        let libraries = try await offPool { try Self.sharedLibraries(server) }
        #expect(libraries.contains("libswiftCore"), "ldd listed nothing recognisable: \(libraries)")
        #expect(!libraries.contains("libcurl"), "a server-only executable links libcurl:\n\(libraries)")
        if let cli = Self.builtExecutable("protohttp") {
            #expect(try await offPool { try Self.sharedLibraries(cli) }.contains("libcurl"))
        }
    }

    // Its ServiceGroup catches both signals: either one ends it gracefully, never by the signal.
    @Test("notes-server serves the demo over Connect, then SIGTERM or SIGINT shuts it down with status 0", arguments: [SIGTERM, SIGINT])
    func notesServerServesAndStops(signal: Int32) async throws {
        let path = try #require(Self.builtExecutable("notes-server"), "notes-server is not built next to the tests; run swift build first")
        let process = try ChildProcess(path, ["0"], output: .pipe, error: .null)
        defer { process.stop() }

        let port = try await offPool { try process.readPort(timeout: .seconds(30)).port }
        let manager = try ProtoHTTPManager(configuration: {
            var config = ManagerConfiguration(baseURL: "http://127.0.0.1:\(port)")
            config.wireProtocol = .connect
            config.timeout = .seconds(10)
            return config
        }())
        let client = Notes_NotesClient(manager: manager)
        var request = Notes_CreateNoteRequest()
        request.title = "from a server-only process"
        let created = try await client.createNote(request)
        #expect(created.title == request.title)
        let listed = try await client.listNotes(Notes_ListNotesRequest())
        #expect(listed.notes.map(\.id).contains(created.id))
        var missing = Notes_GetNoteRequest()
        missing.id = "n404"
        let failure = await #expect(throws: ProtoHTTPError.self) { _ = try await client.getNote(missing) }
        #expect(failure?.code == .notFound)

        process.signal(signal)
        let exit = await offPool { process.wait(upTo: hangGuard) }
        #expect(exit != nil, "notes-server did not stop within the hang guard after signal \(signal)")
        if let exit { #expect(exit.succeeded, "notes-server ended with \(exit)") }
    }

    @Test("notes-server refuses a bad port with a usage line and status 2")
    func notesServerRejectsABadPort() async throws {
        let path = try #require(Self.builtExecutable("notes-server"), "notes-server is not built next to the tests; run swift build first")
        let output = try #require(await offPool { PythonClient.runProgram(path, ["70000"], timeout: 30) })
        #expect(output.status == 2)
        #expect(output.stderr.contains("usage: notes-server"))
    }
}
