// ChildProcess+Run.swift: runs a program to completion with a timeout and returns its exit and output.
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// How a program run by ``run(_:_:environment:timeout:)`` ended and what it wrote.
    public struct Completed: Sendable {
        /// How it ended.
        public var exit: ChildProcess.Exit
        /// Its standard output, raw.
        public var stdoutBytes: [UInt8]
        /// Its standard error, raw.
        public var stderrBytes: [UInt8]

        /// The exit code, or 128 + the ending signal.
        public var status: Int32 { exit.status }
        /// Standard output as UTF-8 text.
        public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
        /// The non-empty lines of standard output.
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// Runs `program` with `arguments` to completion, `input` (if any) as its standard input;
    /// `nil` if it did not end within `timeout` (it is then stopped: SIGTERM, SIGKILL after
    /// 2 s). Its output goes to temporary files, which never fill up and block it the way pipes
    /// can (so writing `input` cannot deadlock). Blocks: call it off the cooperative pool.
    public static func run(_ program: String, _ arguments: [String] = [], environment: [String: String]? = nil,
                           input: [UInt8]? = nil, timeout: Duration) throws(Failure) -> Completed? {
        let folder = try temporaryFolder(prefix: "protohttp-run")
        defer { removeFolder(folder, files: ["stdout", "stderr"]) }
        let child = try ChildProcess(program, arguments, environment: environment, input: input == nil ? .null : .pipe,
                                     output: .file(folder + "/stdout"), error: .file(folder + "/stderr"))
        if let input {
            // A child that exits without reading all of it is not a failure of ours: its exit says what happened.
            try? child.write(input)
            child.closeInput()
        }
        guard let exit = child.wait(upTo: timeout) else {
            child.stop(grace: .seconds(2))
            return nil
        }
        return Completed(exit: exit, stdoutBytes: readFile(folder + "/stdout"), stderrBytes: readFile(folder + "/stderr"))
    }

    /// A fresh folder under `$TMPDIR` (or /tmp).
    static func temporaryFolder(prefix: String) throws(Failure) -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let pointer = buffer.baseAddress, mkdtemp(pointer) != nil else { return nil }
            return String(cString: pointer)
        }
        guard let made else { throw Failure("cannot make a temporary folder in \(base): \(errorText(errno))") }
        return made
    }

    private static func removeFolder(_ folder: String, files: [String]) {
        for file in files { unlink(folder + "/" + file) }
        rmdir(folder)
    }

    private static func readFile(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }
}
