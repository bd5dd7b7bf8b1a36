// ShutdownStep.swift: demo section 11: graceful shutdown: idle connections close, the port stops answering.
import ProtoHTTP
import ProtoHTTPDemoService

/// Shuts the server down and shows that its connections are gone and new calls fail.
enum ShutdownStep {
    static func run(_ demo: DemoContext) async {
        let out = demo.out
        out.section(11, "Shut down gracefully", [
            "shutdown() stops accepting, lets calls in flight finish (up to shutdownGracePeriod), closes",
            "idle keep-alive connections at once and stops the event loops:",
        ])
        out.code(["await server.shutdown()"])
        out.line()
        let before = demo.server.connectionCount
        let started = ContinuousClock.now
        await demo.server.shutdown()
        let took = ContinuousClock.now - started
        let millis = took.wholeMilliseconds
        out.line("open connections: \(before) before, \(demo.server.connectionCount) after; shutdown took \(millis) ms")
        demo.checks.expect(demo.server.connectionCount == 0, "no connections left open")
        do {
            _ = try await demo.clients.notes(.connect).listNotes(Notes_ListNotesRequest(tag: ""))
            out.line("a call afterwards → succeeded")
            demo.checks.fail("a call after shutdown to fail")
        } catch {
            out.line("a call afterwards → " + DemoFormat.error(error))
            demo.checks.expect(error.code == .unavailable, "a call after shutdown to fail with unavailable")
        }
    }
}
