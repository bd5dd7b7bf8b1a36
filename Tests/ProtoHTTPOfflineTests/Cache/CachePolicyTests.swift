// CachePolicyTests.swift: every CachePolicy through a real ProtoHTTPManager and our server, with each store: what is answered from the cache, what is sent, what is stored.
import Foundation
import ProtoHTTPDemo
@testable import ProtoHTTPOffline
import Synchronization
import Testing
import ProtoHTTPTestSupport
import ProtoHTTP
import ProtoHTTPCore
import ProtoHTTPDemoService

@Suite struct CachePolicyTests {
    typealias GetNote = Notes_NotesMetadata.GetNote
    typealias ListNotes = Notes_NotesMetadata.ListNotes
    typealias CreateNote = Notes_NotesMetadata.CreateNote

    /// The store a test runs with.
    enum StoreKind: String, CaseIterable, Sendable {
        case memory, disk, tiered

        func make(in folder: String) throws -> any ResponseCacheStore {
            switch self {
            case .memory: return MemoryResponseCache()
            case .disk: return try DiskResponseCache(location: OfflineStorageLocation(directory: folder))
            case .tiered:
                return TieredResponseCache(memory: MemoryResponseCache(), disk: try DiskResponseCache(location: OfflineStorageLocation(directory: folder)))
            }
        }
    }

    /// What a test gets: the server, a manager with the store, and the id of one note.
    struct Setup {
        let server: CountingNotesServer
        let manager: ProtoHTTPManager
        let store: any ResponseCacheStore
        let noteID: String
    }

    /// Starts a server with one note, a manager using `kind`'s store as its response cache; stops both after `body`.
    func withSetup(_ kind: StoreKind, _ body: (Setup) async throws -> Void) async throws {
        try await CacheFixtures.withTempFolder { folder in
            let server = try await CountingNotesServer.start()
            let transport = try CacheFixtures.transport()
            do {
                let store = try kind.make(in: folder)
                var configuration = ManagerConfiguration(baseURL: server.baseURL)
                configuration.timeout = .seconds(10)
                let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)
                manager.use(cache: store)
                var draft = Notes_CreateNoteRequest()
                draft.title = "cached"
                let note = try await manager.unary(CreateNote.self, draft)
                try await body(Setup(server: server, manager: manager, store: store, noteID: note.id))
            } catch {
                await server.stop()
                transport.shutdown()
                throw error
            }
            await server.stop()
            transport.shutdown()
        }
    }

    func cached(_ policy: CachePolicy, time: Duration = .zero, version: Int = 0, ignoreCache: Bool = false) -> CallOptions {
        var options = CallOptions()
        options.cache = CacheOptions(policy: policy, time: time, version: version, ignoreCache: ignoreCache)
        return options
    }

    func get(_ id: String) -> Notes_GetNoteRequest {
        var request = Notes_GetNoteRequest()
        request.id = id
        return request
    }

    @Test(arguments: StoreKind.allCases)
    func networkOnlyStoresAndCacheElseNetworkAnswersWithoutTheServer(_ kind: StoreKind) async throws {
        try await withSetup(kind) { setup in
            let request = get(setup.noteID)
            let sent = try await setup.manager.unaryForResponse(GetNote.self, request, options: cached(.networkOnly))
            #expect(!sent.metadata.isFromCache)
            #expect(setup.server.calls == 2)  // the create, the get

            let fromCache = try await setup.manager.unaryForResponse(GetNote.self, request, options: cached(.cacheElseNetwork, time: .seconds(60)))
            #expect(fromCache.metadata.isFromCache)
            #expect(fromCache.output == sent.output && fromCache.output.title == "cached")
            #expect(setup.server.calls == 2)

            // A zero cache time never counts as fresh: the network answers (and stores again).
            let stale = try await setup.manager.unaryForResponse(GetNote.self, request, options: cached(.cacheElseNetwork))
            #expect(!stale.metadata.isFromCache && setup.server.calls == 3)

            // loadCache reads the entry without sending anything.
            let loaded = try #require(try setup.manager.loadCache(GetNote.self, request, options: cached(.networkOnly)))
            #expect(loaded.output == sent.output && loaded.metadata.isFromCache)
            #expect(setup.server.calls == 3)

            // networkOnly never reads the entry, fresh or not.
            #expect(try await !setup.manager.unaryForResponse(GetNote.self, request, options: cached(.networkOnly, time: .seconds(60))).metadata.isFromCache)
            #expect(setup.server.calls == 4)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aVersionBumpMissesAndIgnoreCacheGoesToTheNetwork(_ kind: StoreKind) async throws {
        try await withSetup(kind) { setup in
            let request = get(setup.noteID)
            let fresh = cached(.cacheElseNetwork, time: .seconds(60))
            _ = try await setup.manager.unary(GetNote.self, request, options: fresh)
            #expect(setup.server.calls == 2)
            #expect(try await setup.manager.unaryForResponse(GetNote.self, request, options: fresh).metadata.isFromCache)
            #expect(setup.server.calls == 2)

            let bumped = cached(.cacheElseNetwork, time: .seconds(60), version: 1)
            #expect(try setup.manager.loadCache(GetNote.self, request, options: bumped) == nil)
            #expect(try await !setup.manager.unaryForResponse(GetNote.self, request, options: bumped).metadata.isFromCache)
            #expect(setup.server.calls == 3)
            #expect(try await setup.manager.unaryForResponse(GetNote.self, request, options: bumped).metadata.isFromCache)
            #expect(setup.server.calls == 3)

            let ignoring = cached(.cacheElseNetwork, time: .seconds(60), ignoreCache: true)
            #expect(try await !setup.manager.unaryForResponse(GetNote.self, request, options: ignoring).metadata.isFromCache)
            #expect(setup.server.calls == 4)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlySuccessesAreStored(_ kind: StoreKind) async throws {
        try await withSetup(kind) { setup in
            let missing = get("no-such-note")
            for _ in 0..<2 {
                let error = await #expect(throws: ProtoHTTPError.self) {
                    try await setup.manager.unary(GetNote.self, missing, options: cached(.cacheElseNetwork, time: .seconds(60)))
                }
                #expect(error?.code == .notFound)
            }
            #expect(setup.server.calls == 3)  // the create and both gets: nothing answered from the cache
            let loaded = try setup.manager.loadCache(GetNote.self, missing, options: cached(.networkOnly))
            #expect(loaded == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func networkElseCacheAnswersFromTheCacheWhenTheServerIsGone(_ kind: StoreKind) async throws {
        try await withSetup(kind) { setup in
            let request = get(setup.noteID)
            let online = try await setup.manager.unaryForResponse(GetNote.self, request, options: cached(.networkElseCache))
            #expect(!online.metadata.isFromCache)
            await setup.server.stop()

            let offline = try await setup.manager.unaryForResponse(GetNote.self, request, options: cached(.networkElseCache))
            #expect(offline.metadata.isFromCache && offline.output == online.output)
            // Without an entry, or without the policy, the network's failure stands.
            let error = await #expect(throws: ProtoHTTPError.self) {
                try await setup.manager.unary(GetNote.self, get("other"), options: cached(.networkElseCache))
            }
            #expect(error?.code == .unavailable)
            await #expect(throws: ProtoHTTPError.self) {
                try await setup.manager.unary(GetNote.self, request, options: cached(.networkOnly))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func cacheThenNetworkDeliversTheCachedAnswerThenTheFreshOne(_ kind: StoreKind) async throws {
        try await withSetup(kind) { setup in
            let list = Notes_ListNotesRequest()
            let first = try await setup.manager.unary(ListNotes.self, list, options: cached(.networkOnly))
            #expect(first.notes.count == 1)
            var draft = Notes_CreateNoteRequest()
            draft.title = "second"
            _ = try await setup.manager.unary(CreateNote.self, draft)

            let events = Mutex<[String]>([])
            setup.manager.unary(ListNotes.self, list, options: cached(.cacheThenNetwork),
                                success: { response, metadata in
                                    events.withLock { $0.append("\(metadata.isFromCache ? "cache" : "network"):\(response.notes.count)") }
                                },
                                failure: { error in events.withLock { $0.append("failure:\(error)") } },
                                finished: { _ in events.withLock { $0.append("finished") } })
            #expect(await waitUntil { events.withLock { $0.last == "finished" } })
            #expect(events.withLock { $0 } == ["cache:1", "network:2", "finished"])
            #expect(setup.server.calls == 4)  // create, list, create, list

            // The fresh answer replaced the entry.
            let loaded = try #require(try setup.manager.loadCache(ListNotes.self, list, options: cached(.cacheThenNetwork)))
            #expect(loaded.output.notes.count == 2)
            // The async form returns the network's answer only.
            let awaited = try await setup.manager.unaryForResponse(ListNotes.self, list, options: cached(.cacheThenNetwork))
            #expect(!awaited.metadata.isFromCache && awaited.output.notes.count == 2 && setup.server.calls == 5)
        }
    }

    @Test func aFullDiskNeverFailsTheCall() async throws {
        try await CacheFixtures.withTempFolder { folder in
            let server = try await CountingNotesServer.start()
            let transport = try CacheFixtures.transport()
            defer { transport.shutdown() }
            let errors = Mutex<[OfflineError]>([])
            let disk = try DiskResponseCache(location: OfflineStorageLocation(directory: folder)) { error in errors.withLock { $0.append(error) } }
            let manager = try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.baseURL), transport: transport)
            manager.use(cache: disk)
            var draft = Notes_CreateNoteRequest()
            draft.title = String(repeating: "long title ", count: 2_000)  // ~22 KB, past the pages left
            let note = try await manager.unary(CreateNote.self, draft)
            try disk.limitGrowth(toPages: 1)

            let answer = try await manager.unaryForResponse(GetNote.self, get(note.id), options: cached(.cacheElseNetwork, time: .seconds(60)))
            #expect(answer.output.title == draft.title && !answer.metadata.isFromCache)
            #expect(errors.withLock { $0.count } == 1)
            let again = try await manager.unaryForResponse(GetNote.self, get(note.id), options: cached(.cacheElseNetwork, time: .seconds(60)))
            #expect(!again.metadata.isFromCache && server.calls == 3)  // nothing was stored: the server answered again
            await server.stop()
        }
    }

    @Test("a gRPC or gRPC-Web call with CallOptions.cache fails at once with failed_precondition, and nothing is sent",
          arguments: [RPCProtocol.grpc, .grpcWeb])
    func grpcCallsAreNeverCached(_ kind: RPCProtocol) async throws {
        try await withSetup(.memory) { setup in
            let before = setup.server.calls
            let options = cached(.cacheElseNetwork, time: .seconds(60))
            var grpcOptions = options
            grpcOptions.wireProtocol = kind == .grpc ? GRPCProtocol() : GRPCWebProtocol()
            var refused: ProtoHTTPError?
            do {
                _ = try await setup.manager.unary(GetNote.self, get(setup.noteID), options: grpcOptions)
            } catch {
                refused = error as? ProtoHTTPError
            }
            #expect(refused?.code == .failedPrecondition, "\(String(describing: refused))")
            #expect(refused?.message.contains("cannot be cached") == true)
            #expect(setup.server.calls == before)
        }
    }
}
