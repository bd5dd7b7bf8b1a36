// main.swift: offline-queue-child, the process the crash test kills: it enqueues calls against a dead port, then replays them against a live one.
//
// usage: offline-queue-child <folder> <dead-port> <live-port> <calls> [--wait-stdin] [--in-flight]
//
// Stores up to <calls> CreateNote calls (title and Idempotency-Key: a fresh UUID) in the
// offline queue in <folder> while the manager points at 127.0.0.1:<dead-port>, then points it
// at 127.0.0.1:<live-port> and replays every queued call (this run's and earlier runs').
// <calls> = 0 only replays. With --wait-stdin it opens nothing before its stdin ends (so
// several children open one new file at the same moment; it prints WAITING first). With
// --in-flight the calls of the enqueue phase go to <live-port> (the server holds them while the
// parent kills this process: a call in flight, stored before it was sent, must survive).
// Every line goes out with one write(2), so a line printed is a
// line the parent reads, whenever the parent kills this process:
//   WAITING                   (--wait-stdin) loaded, and reading stdin until it ends
//   PHASE enqueue | PHASE replay
//   KEY <key>                 before the call is made (the key exists from now on)
//   QUEUED <key> <entry-id>   the failure callback saw the call stored
//   NOTQUEUED <key> <error>   the call failed without being stored
//   SEND <key>                a request with this key goes to the transport (interceptor)
//   RESPONSE <key> <status>   its response arrived (the queue has not been updated yet)
//   ANSWERED <key> <outcome>  a replay was answered and its entry removed
//   DROPPED <key> <reason>    an entry left the queue without an answer
//   DONE answered=<n> dropped=<n> remaining=<n>
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import ProtoHTTPDemoService
import ProtoHTTPOffline
import ProtoHTTP

/// Writes `text` and a newline with one `write(2)`.
func emit(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(1, base + offset, buffer.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { exit(3) }
            offset += written
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("offline-queue-child: " + message + "\n").utf8))
    exit(2)
}

let arguments = CommandLine.arguments
let flags = Set(arguments.dropFirst(5))
guard arguments.count >= 5, flags.isSubset(of: ["--wait-stdin", "--in-flight"]), flags.count == arguments.count - 5,
      let deadPort = Int(arguments[2]), let livePort = Int(arguments[3]), let calls = Int(arguments[4]) else {
    fail("usage: offline-queue-child <folder> <dead-port> <live-port> <calls> [--wait-stdin] [--in-flight]")
}
if flags.contains("--wait-stdin") {
    // Start together with other children: the parent closes every stdin at once, once each has
    // said it is waiting.
    emit("WAITING")
    var byte: UInt8 = 0
    while read(0, &byte, 1) > 0 {}
}

do {
    var transportConfiguration = TransportConfiguration()
    transportConfiguration.proxy = .none
    let transport = try HTTPTransport(configuration: transportConfiguration)
    let enqueuePort = flags.contains("--in-flight") ? livePort : deadPort
    var configuration = ManagerConfiguration(baseURL: "http://127.0.0.1:\(enqueuePort)")
    configuration.wireProtocol = .connect
    configuration.timeout = .seconds(10)
    configuration.interceptors = [ClosureInterceptor { request, _, next, completion in
        let key = request.headers.firstValue(.idempotencyKey) ?? "-"
        emit("SEND \(key)")
        next(request) { result in
            if case .success(let response) = result { emit("RESPONSE \(key) \(response.status)") }
            completion(result)
        }
    }]
    let manager = try ProtoHTTPManager(configuration: configuration, transport: transport)

    var queueConfiguration = OfflineQueueConfiguration(location: OfflineStorageLocation(directory: arguments[1]))
    queueConfiguration.maxAttempts = nil
    queueConfiguration.maxAge = nil
    let queue = try OfflineQueue(manager: manager, configuration: queueConfiguration)
    queue.onReplay(Notes_NotesMetadata.CreateNote.self) { entry, result in
        switch result {
        case .success(let note): emit("ANSWERED \(entry.idempotencyKey) ok:\(note.title == entry.idempotencyKey)")
        case .failure(let error): emit("ANSWERED \(entry.idempotencyKey) error:\(error.code)")
        }
    }
    queue.onDropped { dropped in emit("DROPPED \(dropped.entry.idempotencyKey) \(dropped.reason)") }

    emit("PHASE enqueue")
    for _ in 0..<calls {
        let key = UUID().uuidString.lowercased()
        emit("KEY \(key)")
        var request = Notes_CreateNoteRequest()
        request.title = key
        var options = CallOptions(category: "crash", headers: [.idempotencyKey: key])
        options.queuesWhenOffline = true
        let stored = DispatchSemaphore(value: 0)
        manager.unary(Notes_NotesMetadata.CreateNote.self, request, options: options,
                      success: { _, _ in emit("NOTQUEUED \(key) answered"); stored.signal() },
                      failure: { error in
                          if let id = error.queueEntryID { emit("QUEUED \(key) \(id)") } else { emit("NOTQUEUED \(key) \(error.code)") }
                          stored.signal()
                      })
        stored.wait()
    }

    emit("PHASE replay")
    manager.updateConfiguration { $0.baseURL = "http://127.0.0.1:\(livePort)" }
    let replayed = DispatchSemaphore(value: 0)
    queue.resumeAllQueued { summary in
        emit("DONE answered=\(summary.answered) dropped=\(summary.dropped) remaining=\(summary.remaining)")
        replayed.signal()
    }
    replayed.wait()
    transport.shutdown()
    exit(0)
} catch {
    fail("\(error)")
}
