// DemoRunTests.swift: `make demo` as a test: the whole demo runs in process and every one of its checks holds.
import ProtoHTTPDemo
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("make demo")
    struct DemoRunTests {
        @Test("the demo's run exits 0: every step's checks hold (it once failed on gRPC calls after Connect ones on one transport, unnoticed)")
        func demoRuns() async throws {
            let output = PrintedLines()
            let status = await DemoRunner(write: { output.append([$0]) }).run()
            let failed = output.all.filter { $0.contains("✗") }
            #expect(status == 0, "failed checks:\n\(failed.joined(separator: "\n"))")
            #expect(output.all.contains { $0.contains("WatchNotes") } && output.all.contains { $0.contains("SyncNotes") }, "the streams section ran")
        }
    }
}
