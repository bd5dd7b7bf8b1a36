// ConfigurationTests.swift: router and lifecycle errors: duplicate methods, bad plain routes, double start, a busy port.
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import Testing
import ProtoHTTPCore
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Router and configuration errors")
    struct ConfigurationTests {
        /// The error `make` throws, or `nil`.
        static func error(_ make: () throws(ProtoHTTPError) -> ProtoHTTPServer) -> ProtoHTTPError? {
            do {
                _ = try make()
                return nil
            } catch {
                return error
            }
        }

        @Test("registering a method twice is already_exists, naming the method and the service")
        func duplicateMethod() {
            let notes = NotesStore().definition
            let error = Self.error { () throws(ProtoHTTPError) in try ProtoHTTPServer(services: [notes, FaultsService().definition, notes]) }
            #expect(error?.code == .alreadyExists)
            #expect(error?.message == "the method /notes.Notes/CreateNote is registered twice (service notes.Notes); register each service once.")
        }

        @Test("plain routes: to an unknown method, over another route, or with no encoding")
        func badPlainRoutes() {
            let services = [NotesStore().definition]
            func error(_ route: PlainRoute) -> ProtoHTTPError? {
                Self.error { () throws(ProtoHTTPError) in
                    try ProtoHTTPServer(configuration: ServerConfiguration(plainRoutes: [route]), services: services)
                }
            }
            let unknown = error(PlainRoute("/api/notes/nope", method: "/notes.Notes/Nope"))
            #expect(unknown?.code == .notFound)
            #expect(unknown?.message == #"the plain route /api/notes/nope names /notes.Notes/Nope, which no registered service has; check the method path ("/pkg.Service/Method")."#)
            let collision = error(PlainRoute("/twirp/notes.Notes/GetNote", method: Notes_NotesMetadata.ListNotes.path))
            #expect(collision?.code == .alreadyExists)
            #expect(collision?.message == "the plain route /twirp/notes.Notes/GetNote collides with another route; pick another path.")
            let empty = error(PlainRoute("/api/notes/list", method: Notes_NotesMetadata.ListNotes.path, encodings: []))
            #expect(empty?.code == .invalidArgument)
            #expect(empty?.message == "the plain route /api/notes/list accepts no encoding; give it .binary, .json or both.")
        }

        @Test("start() twice fails with failed_precondition, also after shutdown")
        func startTwice() async throws {
            try await withServer { server in
                let again = await Result { () async throws(ProtoHTTPError) in try await server.server.start() }
                #expect(again.error?.code == .failedPrecondition)
                #expect(again.error?.message == "the server was already started; make a new ProtoHTTPServer to serve again.")
                await server.server.shutdown()
                let afterShutdown = await Result { () async throws(ProtoHTTPError) in try await server.server.start() }
                #expect(afterShutdown.error?.code == .failedPrecondition)
            }
        }

        @Test("binding a busy port is unavailable, naming the address")
        func busyPort() async throws {
            try await withServer { server in
                let second = try ProtoHTTPServer(configuration: ServerConfiguration(port: server.port), services: [NotesStore().definition])
                let result = await Result { () async throws(ProtoHTTPError) in try await second.start() }
                let error = try #require(result.error)
                #expect(error.code == .unavailable)
                #expect(error.message.hasPrefix("could not listen on 127.0.0.1:\(server.port): "), "\(error.message)")
                #expect(error.message.hasSuffix("; pick a free port (0 picks one) or another host."))
                #expect(second.port == nil)
                await second.shutdown()
            }
        }
    }
}
