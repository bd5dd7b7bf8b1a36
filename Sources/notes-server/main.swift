// main.swift: `notes-server`: the demo's notes.Notes service alone, a server-only executable that links no client.
//
// Usage: notes-server [PORT]     (default 0: a free port)
// Prints `PORT <n>` once listening, serves on 127.0.0.1 until SIGINT or SIGTERM, then shuts down
// gracefully and exits 0: the server runs as a Service in a ServiceGroup, which catches the
// signals. It depends on ProtoHTTPDemoService only, so it links neither ProtoHTTP nor libcurl;
// the server tests check that with ldd.
import Foundation
import Logging
import ProtoHTTPDemoService
import ProtoHTTPServer
import ServiceLifecycle

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let port = Int(arguments.first ?? "0"), (0...65535).contains(port) else {
    FileHandle.standardError.write(Data("usage: notes-server [PORT]   (0 to 65535; 0 picks a free port)\n".utf8))
    exit(2)
}

var logger = Logger(label: "notes-server")
logger.logLevel = .warning
do {
    let server = try DemoServer(port: port, logger: logger).server
    // Runs inside the group, so its PORT line comes after the signals are caught: a SIGTERM
    // sent as soon as the line is read shuts the server down instead of killing the process.
    let announcer = ClosureService {
        print("PORT \(try await server.listeningPort)")
        fflush(nil)  // every output stream: the PORT line must reach a pipe at once
        try await gracefulShutdown()
        FileHandle.standardError.write(Data("notes-server: shutting down\n".utf8))
    }
    let group = ServiceGroup(services: [server, announcer], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    try await group.run()
} catch {
    FileHandle.standardError.write(Data("notes-server: \(error)\n".utf8))
    exit(1)
}
