// MultiHealthTests.swift: the engine loop's reaction to failing curl_multi_perform/poll: back off, then fail active calls.
import Testing
@testable import ProtoHTTP

@Suite struct MultiHealthTests {
    @Test func successNeverPauses() {
        var health = MultiHealth()
        for _ in 0..<100 { #expect(health.record(ok: true, description: "unused") == .proceed) }
    }

    @Test func failuresBackOffExponentiallyThenFailTheActiveCalls() {
        var health = MultiHealth(limit: 10)
        var pauses: [Duration] = []
        for _ in 0..<9 {
            guard case .pause(let duration) = health.record(ok: false, description: "boom") else {
                Issue.record("expected a pause")
                return
            }
            pauses.append(duration)
        }
        #expect(pauses == [1, 2, 4, 8, 16, 32, 64, 100, 100].map { Duration.milliseconds($0) })
        #expect(health.record(ok: false, description: "curl_multi_poll failed: oops") == .failActive("curl_multi_poll failed: oops"))
        // After failing the active calls it starts over instead of failing every later call at once.
        #expect(health.record(ok: false, description: "x") == .pause(.milliseconds(1)))
    }

    @Test func oneSuccessResetsTheCount() {
        var health = MultiHealth(limit: 3)
        _ = health.record(ok: false, description: "x")
        _ = health.record(ok: false, description: "x")
        #expect(health.record(ok: true, description: "x") == .proceed)
        #expect(health.record(ok: false, description: "x") == .pause(.milliseconds(1)))
        #expect(health.consecutiveFailures == 1)
        #expect(MultiHealth(limit: 0).limit == 1)
    }

}
