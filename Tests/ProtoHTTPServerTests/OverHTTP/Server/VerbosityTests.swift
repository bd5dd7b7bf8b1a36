// VerbosityTests.swift: ServerConfiguration.verbosity quiets the server, start and stop lines included, without swift-log in the caller.
import Logging
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import Testing

extension ServerTests {
    @Suite("Server verbosity")
    struct VerbosityTests {
        /// The lines a server logs over one call, at `verbosity`.
        static func lines(_ verbosity: ServerVerbosity?) async throws -> [String] {
            let capture = LineCapture()
            var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, logger: capture.logger(label: "test.server"), verbosity: verbosity)
            configuration.accessLog = true
            let server = try ProtoHTTPServer(configuration: configuration, services: [NotesStore().definition])
            try await server.start()
            let port = try #require(server.port)
            _ = try await RawConnection.exchange(port: port, "/notes.Notes/ListNotes", headers: ErrorFormatTests.connectBinary)
            await server.shutdown()
            return capture.lines
        }

        @Test("silent logs nothing at all; errors drops start, stop and the access log; the default keeps them")
        func levels() async throws {
            #expect(try await Self.lines(.silent).isEmpty)
            #expect(try await Self.lines(.errors).isEmpty, "no error happened")
            let info = try await Self.lines(nil)
            #expect(info.contains { $0.contains("serving") } && info.contains { $0.contains("stopped") })
            #expect(info.contains { $0.contains("/notes.Notes/ListNotes") }, "the access log line")
            #expect(try await Self.lines(.info).count == info.count)
        }
    }
}
