// EventLoopTaskExecutor.swift: a TaskExecutor that runs a task's jobs on one NIO event loop.
import NIOCore

/// Runs the jobs of the tasks that prefer it on `loop`, in the order they are enqueued. A
/// request task started from a channel handler with this preference starts, resumes after each
/// suspension, and finishes on the connection's own event-loop thread, so answering it needs no
/// hop back to the loop (``HandlerExecution/eventLoop``).
///
/// Once the server has stopped its loops (`loopsOpen` closed), jobs go to the global concurrent
/// executor: a handler that ignored cancellation and outlived the server still runs to its end.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop
    private let loopsOpen: EventLoopsOpen

    init(loop: any EventLoop, loopsOpen: EventLoopsOpen) {
        self.loop = loop
        self.loopsOpen = loopsOpen
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let scheduled = loopsOpen.ifOpen {
            loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
        if !scheduled {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
