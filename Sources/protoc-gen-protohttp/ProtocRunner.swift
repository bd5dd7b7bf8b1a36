// ProtocRunner.swift: `protoc-gen-protohttp --run-protoc PROTOC ARGS…`: runs protoc and rewrites its messages into diagnostics.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ProtoDescriptors

/// The mode the plugins run protoc through: protoc runs with its standard error captured, and
/// what it printed comes out rewritten by ``ProtocDiagnostics`` (`<absolute path>:<line>:<col>:
/// error: …`), so SwiftPM and editors can take the user to the line. Standard output passes
/// through; the exit status is protoc's (128 + the signal when a signal ended it).
enum ProtocRunner {
    /// The first argument that selects this mode.
    static let flag = "--run-protoc"

    /// Runs `protoc` with `arguments`; returns the exit status to end with.
    static func run(protoc: String, arguments: [String]) -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            printError("cannot make a pipe for protoc's messages: \(String(cString: strerror(errno)))")
            return 1
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv: [UnsafeMutablePointer<CChar>?] = ([protoc] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, protoc, &actions, nil, argv, environment())
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            printError("cannot run protoc at \(protoc): \(String(cString: strerror(spawned))); install protobuf-compiler or set PROTOC")
            return 1
        }
        let messages = readAll(from: readEnd)
        close(readEnd)
        let status = waitForExit(pid)
        if !messages.isEmpty {
            let text = ProtocDiagnostics(protocArguments: arguments)
                .rewrite(String(decoding: messages, as: UTF8.self), failed: status != 0)
            writeAll(Array((text + "\n").utf8), to: 2)
        }
        return status
    }

    /// Waits for `pid` and returns its exit status, or 128 + the signal that ended it.
    private static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// This process's environment, for protoc.
    private static func environment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        return _NSGetEnviron().pointee
        #else
        return environ
        #endif
    }
}
