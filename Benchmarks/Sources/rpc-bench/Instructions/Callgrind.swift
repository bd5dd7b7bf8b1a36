// Callgrind.swift: running a command under valgrind's callgrind and reading how many instructions it executed.
import BenchProcesses
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport

/// `valgrind --tool=callgrind`: counts the instructions a process executes, the same for the
/// same binary and input whatever else the machine does, so a count per call holds on any
/// machine where wall-clock rates do not.
///
/// ```
///  launcher(out:)     ─► ["valgrind", "--tool=callgrind", "--callgrind-out-file=<out>", …] + the command
///  the command runs (20-100x slower), exits, and callgrind writes <out>
///  instructions(...) ─► the "totals:" (or "summary:") line of <out>: Ir, every thread summed
/// ```
enum Callgrind {
    /// valgrind's path, or an error saying how to install it.
    static func valgrind() throws -> String {
        for candidate in ["/usr/bin/valgrind", "/usr/local/bin/valgrind"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        throw BenchError("valgrind is not installed; install it with scripts/install-deps (Debian: apt-get install valgrind)")
    }

    /// The command prefix that runs a program under callgrind, its profile written to `out`.
    /// Only instruction counts are collected (no cache or branch simulation), all threads in
    /// one profile, and a forked child is not followed.
    static func launcher(out: String) throws -> [String] {
        [try valgrind(), "--tool=callgrind", "--callgrind-out-file=\(out)", "--trace-children=no",
         "--separate-threads=no", "--dump-line=no", "--compress-strings=no"]
    }

    /// A copy of this program without its DWARF sections, in `folder`: valgrind 3.19 cannot
    /// read the DWARF 5 that Swift 6 writes ("unhandled dwarf2 abbrev form code 0x25") and
    /// gives up; the symbol table stays, so the profile still names every function.
    static func strippedSelf(in folder: TempFolder) throws -> String {
        let copy = folder.file("callgrind/rpc-bench")
        if access(copy, X_OK) == 0 { return copy }
        let objcopy = "/usr/bin/objcopy"
        guard access(objcopy, X_OK) == 0 else { throw BenchError("\(objcopy) is missing (Debian: binutils)") }
        let run = try ChildProcess(objcopy, ["--strip-debug", try ProtoHTTPBenchServer.currentExecutable(), copy],
                                   output: .file(copy + ".log"), error: .file(copy + ".log"))
        guard run.wait(upTo: .seconds(120))?.status == 0, access(copy, X_OK) == 0 else {
            run.stop()
            throw BenchError("objcopy --strip-debug failed: \(folder.read("callgrind/rpc-bench.log"))")
        }
        return copy
    }

    /// The instructions the profile `name` (in `folder`) counted, from its `totals:` or
    /// `summary:` line.
    static func instructions(folder: TempFolder, name: String) throws -> UInt64 {
        let text = folder.read(name)
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let field = line.split(separator: " ").dropFirst().first, let count = UInt64(field) { return count }
        }
        throw BenchError("callgrind wrote no totals to \(folder.file(name)): \(text.prefix(300))")
    }
}
