// ServeChild.swift: the body of a `--serve-protohttp` child: start ProtoHTTPServer, print its port, serve until standard input ends.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPServer

/// What a benchmark re-run as the ProtoHTTPServer child does once it has its configuration:
///
/// ```
///  start ProtoHTTPServer with `configuration` and `services`
///  print "PORT <n>" on standard output
///  serve until standard input ends (the parent closed its pipe, or the parent died)
///  shut down gracefully
/// ```
public enum ServeChild {
    /// Serves as above; `report` prints a failure, prefixed with `flag`. Returns the exit
    /// status: 0 after a graceful shutdown, 1 if the server did not start.
    public static func serve(configuration: ServerConfiguration, services: [any ProtoHTTPService], flag: String,
                             report: (String) -> Void) async -> Int32 {
        let server: ProtoHTTPServer
        do {
            server = try ProtoHTTPServer(configuration: configuration, services: services)
            try await server.start()
        } catch {
            report("\(flag): \(error)")
            return 1
        }
        guard let port = server.port else {
            report("\(flag): the server started without a port")
            await server.shutdown()
            return 1
        }
        print("PORT \(port)")
        fflush(nil)  // all streams (`stdout` itself is not concurrency-safe to name)
        await StandardInput.endOfInput()
        await server.shutdown()
        return 0
    }
}
