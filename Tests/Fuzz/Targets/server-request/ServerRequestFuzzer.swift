// ServerRequestFuzzer.swift: libFuzzer target: raw bytes through the server's real connection pipeline to the demo's generated handler.
import Dispatch
import FuzzSupport

/// The first byte sets the connection up (see ``FuzzedConnection/Setup``), the rest arrives
/// as the client's bytes. Each input gets a fresh connection with the server's real pipeline
/// (HTTP/1.1 codec, pipelining, body limit, routing, negotiation, gzip inflation, dispatcher)
/// serving the demo's notes.Notes handler; the checks are in ``FuzzedConnection/check()``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let setup = FuzzedConnection.Setup(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // libFuzzer's thread is not one of the cooperative pool's, so it may block.
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            try await FuzzedConnection.run(setup, bytes)
        } catch {
            fuzzFail("the in-process connection itself failed: \(error)")
        }
        done.signal()
    }
    done.wait()
    return 0
}
