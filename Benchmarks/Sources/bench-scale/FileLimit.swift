// FileLimit.swift: raising this process's descriptor limit (RLIMIT_NOFILE) to its hard limit.
#if canImport(Glibc)
import Glibc
#endif

/// The open-file limit: 10,000 connections need 10,000 descriptors on each side, more than
/// the usual soft limit of 1,024. Children inherit the raised limit (wrk, nginx, the servers).
enum FileLimit {
    /// Raises the soft limit to the hard one; returns the soft limit now in force.
    @discardableResult
    static func raiseToHard() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Throws unless `needed` descriptors fit under the (raised) limit.
    static func require(_ needed: Int, for what: String) throws {
        let limit = raiseToHard()
        guard needed <= limit else {
            throw ScaleError("\(what) needs \(needed) open files but RLIMIT_NOFILE is \(limit); raise the hard limit (ulimit -Hn) or use --quick")
        }
    }
}
