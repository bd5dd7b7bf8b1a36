// GRPCPythonClientTests.swift: Google's grpcio (gRPC over h2c) and sonora (gRPC-Web over HTTP/1.1, with raw text-form checks) calling our server.
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("gRPC and gRPC-Web: independent Python clients")
    struct GRPCPythonClientTests {
        /// What grpc_client.py prints for `mode`, in order; `deadline` lines are checked by prefix
        /// (the message is grpcio's own when its timer fires first).
        static func expected(grpc: Bool) -> [String] {
            var lines = [
                "create n1 title=groceries tags=home",
                "get groceries",
                "error NOT_FOUND 'no note has id nope'",
                "details type.googleapis.com/notes.GetNoteRequest:nope" + (grpc ? "" : " (same in text)"),
                "large 1000000",
            ]
            if grpc { lines.append("gzip 100000") }
            lines.append("metadata x-trace=abc trace-bin=0001feff")
            if grpc { lines.append("deadline DEADLINE_EXCEEDED") }
            lines += [
                "health all 0801",
                "health notes 0801",
                #"health unknown NOT_FOUND 'no health status for service "nope"; ask for "" (the whole server) or a service the server reports.'"#,
                "unknown method UNIMPLEMENTED 'no method at /notes.Notes/Nope; check the service and method name.'",
                "delete remaining=\(grpc ? 2 : 1)",
            ]
            return lines
        }

        @Test("grpcio and sonora get exact answers: messages, errors with details, gzip, 1 MB, metadata, deadline, health, unknown method",
              arguments: ["grpc", "grpcweb"])
        func pythonClients(mode: String) async throws {
            let health = HealthService(serving: ["notes.Notes"])
            try await withServer(extraServices: [health, MetadataEchoService.definition]) { server in
                let output = try await PythonClient.run("grpc_client.py", [String(server.port), mode])
                #expect(output.status == 0, "grpc_client.py \(mode) failed:\n\(output.stderr)")
                let lines = output.lines
                for (index, line) in Self.expected(grpc: mode == "grpc").enumerated() {
                    let got = index < lines.count ? lines[index] : "missing"
                    let matches = line.hasPrefix("deadline ") ? got.hasPrefix(line) : got == line
                    #expect(matches, "line \(index + 1): \(got), expected \(line)")
                }
                #expect(lines.count == Self.expected(grpc: mode == "grpc").count, "\(output.stdout)")
                if mode == "grpc" {
                    // The handler behind the deadline was cancelled, not left running.
                    #expect(await waitUntil { server.faults.events.contains("slow cancelled") }, "\(server.faults.events)")
                }
            }
        }
    }
}
