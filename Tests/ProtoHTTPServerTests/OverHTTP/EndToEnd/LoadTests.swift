// LoadTests.swift: 64 concurrent clients over keep-alive connections: no errors, flat descriptors and memory, bounded time.
import Foundation
import ProtoHTTP
import ProtoHTTPDemo
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Synchronization
import Testing
import ProtoHTTPDemoService

extension ServerTests {
    @Suite("Bounded load")
    struct LoadTests {
        static let clients = 64
        /// 160,000 calls, 128,000 of them after the warm sample: enough for a leak of one
        /// descriptor per 4,000 calls or ~160 bytes per call to cross the bounds below. The
        /// debug build spends ~1.2 ms of CPU per call (NIO and the codec unoptimised), so this
        /// test alone is a third of `make test`'s CPU; `make test-load` runs it beside a busy CPU.
        /// Under a sanitizer (10× slower under ThreadSanitizer) a fifth of the calls: the load
        /// still overlaps every client, and the limit below stays what it is.
        static let callsPerClient = Sanitizer.isActive ? 500 : 2_500
        /// The call after which a client counts as warm (a fifth of its calls).
        static let warmCall = callsPerClient / 5
        /// The run fails, rather than hangs, past this: a hang guard (it takes about 100 s in a
        /// debug build on two cores, several minutes beside the whole suite under load).
        static let limit: Duration = .seconds(480)

        /// The process's open descriptors and resident memory at one moment.
        struct Sample: CustomStringConvertible {
            var descriptors: Int
            var residentBytes: Int

            static func now() -> Sample {
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
                // statm: size resident shared text lib data dt, in pages.
                let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
                let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? -1
                return Sample(descriptors: descriptors, residentBytes: pages * sysconf(Int32(_SC_PAGESIZE)))
            }

            var description: String { "\(descriptors) fds, RSS \(String(format: "%.1f", Double(residentBytes) / 1_048_576)) MiB" }
        }

        /// Counts calls and takes a sample once every client has made its first `warmCall` calls.
        final class Progress: Sendable {
            private let state = Mutex<(warm: Int, sample: Sample?)>((0, nil))
            private let clients: Int

            init(clients: Int) { self.clients = clients }

            /// A client finished its `warmCall`th call; the last one to get there takes the sample.
            func clientWarm() {
                state.withLock { state in
                    state.warm += 1
                    if state.warm == clients { state.sample = Sample.now() }
                }
            }

            var warmSample: Sample? { state.withLock { $0.sample } }

        }

        struct LoadFailure: Error, CustomStringConvertible {
            let description: String
        }

        /// Every call carries `Connect-Timeout-Ms: 30000`, so the server arms and cancels a
        /// deadline timer per call: that must cost nothing once the call is answered.
        @Test("64 concurrent clients × 2,500 calls: no errors, no descriptor or memory growth", .timeLimit(.minutes(10)))
        func load() async throws {
            try await withServer { server in
                let client = Notes_NotesClient(manager: try server.manager(.connect, timeout: .seconds(30)))
                var create = Notes_CreateNoteRequest()
                create.title = "load"
                create.tags = ["a", "b"]
                create.labels = ["k": "v"]
                create.text = "the same note, many times"
                let note = try await client.createNote(create)
                var get = Notes_GetNoteRequest()
                get.id = note.id
                let request = get

                let before = Sample.now()
                let progress = Progress(clients: Self.clients)
                let started = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<Self.clients {
                        group.addTask {
                            for call in 1...Self.callsPerClient {
                                // One call in four is JSON.
                                let reply = try await client.getNote(request, options: CallOptions(encoding: call % 4 == 0 ? .json : .binary))
                                guard reply == note else { throw LoadFailure(description: "call \(call) got \(reply)") }
                                if call == Self.warmCall { progress.clientWarm() }
                            }
                        }
                    }
                    group.addTask {
                        try await Task.sleep(for: Self.limit)  // a hang guard, far above the load's need
                        throw LoadFailure(description: "the load did not finish within \(Self.limit)")
                    }
                    for _ in 0..<Self.clients { _ = try await group.next() }
                    group.cancelAll()
                }
                let elapsed = ContinuousClock.now - started
                let after = Sample.now()
                let warm = try #require(progress.warmSample)
                let calls = Self.clients * Self.callsPerClient
                let rate = Double(calls) / elapsed.seconds
                print("""
                    load: \(Self.clients) clients × \(Self.callsPerClient) calls = \(calls) calls in \(String(format: "%.1f", elapsed.seconds)) s \
                    (\(Int(rate)) calls/s); before: \(before); after \(Self.warmCall) per client: \(warm); at the end: \(after); \
                    server connections: \(server.server.connectionCount)
                    """)
                // The connections are all open by the warm sample, and 128,000 calls follow it: a
                // leak of even one descriptor per thousand calls adds 128. The margin is for the
                // suites running beside this one, which open and close descriptors meanwhile.
                #expect(after.descriptors - warm.descriptors <= 32, "descriptors grew: \(warm) → \(after)")
                // Sanitizers keep freed memory (AddressSanitizer's quarantine) and shadow memory that
                // grows with the heap, so resident memory says nothing about our leaks there;
                // LeakSanitizer checks leaks in `make sanitize` instead.
                if !Sanitizer.isActive {
                    #expect(after.residentBytes - warm.residentBytes < 20 << 20, "memory grew: \(warm) → \(after)")
                }
                #expect(server.server.connectionCount <= Self.clients + 1)
            }
        }
    }
}
