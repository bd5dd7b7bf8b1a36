// StreamingPythonClientTests.swift: Google's grpcio (gRPC over h2c) and sonora (gRPC-Web) calling the server's streaming methods.
import ProtoHTTPDemoService
import ProtoHTTPServer
import ProtoHTTPTestSupport
import Testing

extension ServerTests {
    @Suite("Streams: independent Python clients")
    struct StreamingPythonClientTests {
        /// What grpc_stream_client.py prints for `mode`, in order.
        static func expected(grpc: Bool) -> [String] {
            var lines = [
                "count 1,2,3",
                "long 10000",
                "fail 1,2 NOT_FOUND 'gone after 2'",
            ]
            if grpc { lines.append("details type.googleapis.com/google.protobuf.Int32Value:2") }
            lines.append("negative INVALID_ARGUMENT 'count must not be negative'")
            if grpc {
                lines += [
                    "sum sum=5050 count=100",
                    "sum empty sum=0 count=0",
                    "echo ONE,TWO,THREE rest 0",
                    "echo fail ABORTED 'asked to fail after 1'",
                    "cancelled after 5",
                    "health watch 0801",
                    "deadline DEADLINE_EXCEEDED",
                ]
            }
            return lines
        }

        @Test("grpcio (all four kinds, cancel, health Watch, deadline) and sonora (server streams) get exact answers", arguments: ["grpc", "grpcweb"])
        func pythonClients(mode: String) async throws {
            let streams = StreamingService()
            try await withServer(extraServices: [streams.definition, HealthService()]) { server in
                let output = try await PythonClient.run("grpc_stream_client.py", [String(server.port), mode])
                #expect(output.status == 0, "grpc_stream_client.py \(mode) failed:\n\(output.stderr)")
                let lines = output.lines
                let expected = Self.expected(grpc: mode == "grpc")
                for (index, line) in expected.enumerated() {
                    let got = index < lines.count ? lines[index] : "missing"
                    #expect(got == line, "line \(index + 1): \(got), expected \(line)")
                }
                #expect(lines.count == expected.count, "\(output.stdout)")
                if mode == "grpc" {
                    // Both the cancelled stream and the one past its deadline stopped their handler.
                    #expect(await waitUntil { streams.events.filter { $0.hasPrefix("forever ended") }.count == 2 }, "\(streams.events)")
                    #expect(streams.events.contains("forever ended canceled"), "\(streams.events)")
                    #expect(streams.events.contains("echo done 3"), "\(streams.events)")
                }
            }
        }

        @Test("connectrpc (Python) over Connect streaming: a server stream, a bidi sync with gzip messages, the handler's error, JSON")
        func connectrpc() async throws {
            try await withServer(extraServices: [NotesService().feed]) { server in
                let output = try await PythonClient.run("connect_stream_client.py", [String(server.port)])
                #expect(output.status == 0, "connect_stream_client.py failed:\n\(output.stderr)")
                #expect(output.lines == [
                    "sync first:True,second:True",
                    "watch first,second",
                    "sync error invalid_argument True",
                    "watch json first,second",
                ], "\(output.stdout)\n\(output.stderr)")
            }
        }
    }
}
