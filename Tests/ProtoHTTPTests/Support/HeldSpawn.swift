// HeldSpawn.swift: a child process held between its fork and its exec, as each spawned child briefly is.
import Foundation
import ProtoHTTPTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A child that `posix_spawn` has forked but not yet exec'ed. Until it execs, a child holds a
/// copy of every descriptor of this process, close-on-exec ones included, and with them any
/// `flock` taken through them; a busy process spawning peers has such a child now and then.
/// This one stays held: its spawn opens a FIFO for reading before the exec, which waits until
/// ``release()`` opens the FIFO for writing. Spawned from a thread of its own, which
/// `posix_spawn` keeps until the exec.
final class HeldSpawn: Sendable {
    private let fifo: String
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        fifo = NSTemporaryDirectory() + "protohttp-held-spawn-\(UUID().uuidString).fifo"
        guard mkfifo(fifo, 0o600) == 0 else {
            throw ChildProcess.Failure("mkfifo \(fifo): \(String(cString: strerror(errno)))")
        }
        let (fifo, finished) = (fifo, finished)
        Thread {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, fifo, O_RDONLY, 0)
            var pid: pid_t = 0
            var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            defer { free(argv[0]) }
            if posix_spawn(&pid, "/bin/true", &actions, nil, &argv, environ) == 0 {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            finished.signal()
        }.start()
    }

    /// Whether a child of this process (not yet exec'ed) holds a descriptor of the file at `path`.
    static func childHolds(_ path: String) -> Bool {
        let me = getpid()
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in processes where pid.allSatisfy(\.isNumber) {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  status.split(separator: "\n").contains("PPid:\t\(me)") else { continue }
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for fd in descriptors where (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(fd)")) == path {
                return true
            }
        }
        return false
    }

    /// Lets the child exec (`/bin/true`) and waits until it has ended (a hang guard of 60 s,
    /// far beyond the milliseconds it takes).
    func release() {
        let writer = open(fifo, O_WRONLY)  // returns once the child's open has
        if writer >= 0 { close(writer) }
        _ = finished.wait(timeout: .now() + 60)
        unlink(fifo)
    }
}
