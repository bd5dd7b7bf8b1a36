// Blocking.swift: running an async entry point from synchronous top-level code and waiting for its status.
import Dispatch
import Synchronization

/// Runs `body` on the global executor and blocks the calling (main) thread on a semaphore until
/// it returns its exit status. The main thread never enters dispatch's `sigsuspend` loop, as
/// it does under an async main, which valgrind 3.19 cannot follow (see main.swift).
func runBlocking(_ body: @escaping @Sendable () async -> Int32) -> Int32 {
    let status = Mutex<Int32>(1)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result = await body()
        status.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return status.withLock { $0 }
}
