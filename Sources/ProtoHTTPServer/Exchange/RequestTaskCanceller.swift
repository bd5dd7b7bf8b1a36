// RequestTaskCanceller.swift: a handle on a request's own task, so its deadline can cancel it.

/// Cancels the task that serves one request (``InFlightRequests`` hands one to each task it
/// starts). A cancellation asked for while the task is still being started is carried out as
/// soon as ``InFlightRequests`` has stored the task; after the task has ended it does nothing.
///
/// With one, ``DeadlineRace`` runs a timed handler in the request task itself and, once the
/// deadline has answered, cancels that task, instead of running the handler as a child task it
/// can cancel alone: a task, a task group and a continuation fewer for every call with a
/// deadline (about 22,000 instructions of the ~350,000 a gRPC call cost the server). The handle
/// is a value (the registry and the request's number), so requests without a deadline pay no
/// allocation for it.
struct RequestTaskCanceller: Sendable {
    let requests: InFlightRequests
    let id: Int

    /// Cancels the request's task.
    func cancel() { requests.cancel(id) }
}
