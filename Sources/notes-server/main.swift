// main.swift: `notes-server`: the demo's notes.Notes service alone, a server-only executable that links no client.
//
// Usage: notes-server [PORT]     (default 0: a free port)
// Prints `PORT <n>` once listening, serves on 127.0.0.1 until SIGINT or SIGTERM, then shuts down
// gracefully and exits 0. It depends on ProtoHTTPDemoService only, so it links neither
// ProtoHTTP nor libcurl; the server tests check that with ldd.
import Foundation
import Logging
import ProtoHTTPDemoService

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let port = Int(arguments.first ?? "0"), (0...65535).contains(port) else {
    FileHandle.standardError.write(Data("usage: notes-server [PORT]   (0 to 65535; 0 picks a free port)\n".utf8))
    exit(2)
}

let signals = TerminationSignals()
var logger = Logger(label: "notes-server")
logger.logLevel = .warning
do {
    let server = try DemoServer(port: port, logger: logger)
    try await server.start()
    print("PORT \(server.port ?? port)")
    fflush(nil)  // every output stream: the PORT line must reach a pipe at once
    let received = await signals.wait()
    FileHandle.standardError.write(Data("\(received): shutting down\n".utf8))
    await server.shutdown()
} catch {
    FileHandle.standardError.write(Data("notes-server: \(error)\n".utf8))
    exit(1)
}
