// HoldServeCommand.swift: the hidden `--serve-hold N` mode: a raw-socket server that answers no call until N are in flight and the parent says RELEASE.

/// What the holding ``SelfChild`` runs: `bench-scale --serve-hold N`, the server of the
/// client's memory-per-call curve.
///
/// ```
///  listen on 127.0.0.1:0, print "PORT <n>"
///  read every request; one to /warmup… is answered at once, the others are held
///  N held ─► print "HELD <N>"            (the parent reads its own RSS now)
///  "RELEASE" on standard input ─► answer every held request, print "RELEASED <N>"
///  end of standard input ─► exit 0
/// ```
///
/// A ProtoHTTPServer handler could wait too, but NIO's state per connection would sit in
/// the same numbers as the client's if it ran in-process, and this needs nothing but `poll`.
enum HoldServeCommand {
    /// The hidden first argument that selects this mode.
    static let flag = "--serve-hold"
    /// The path prefix of requests answered at once (the client's warm-up calls).
    static let warmupPath = "/warmup"

    /// Runs the holding server for `arguments` (`N`); returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let target = Int(arguments[0]), target > 0 else {
            report("\(flag) wants the number of requests to hold, got \(arguments)")
            return 2
        }
        FileLimit.raiseToHard()
        do {
            try HoldLoop(holding: target).run()
            return 0
        } catch {
            report("\(flag): \(error)")
            return 1
        }
    }
}
