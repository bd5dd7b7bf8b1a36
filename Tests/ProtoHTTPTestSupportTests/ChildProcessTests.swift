// ChildProcessTests.swift: the shared test launcher: lines with a timeout, the PORT line, stdin, environment, inherited descriptors, stop and reaping.
#if canImport(Glibc)
import Glibc
#endif
import ProtoHTTPTestSupport
import Testing

@Suite("ChildProcess (test support)")
struct ChildProcessTests {
    @Test("stdout lines come back one by one, then nil at the end; the exit is reaped once")
    func readsLinesToTheEnd() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "printf 'one\\ntwo\\nlast'"], output: .pipe)
        #expect(try child.readLine(timeout: .seconds(10)) == "one")
        #expect(try child.readLine(timeout: .seconds(10)) == "two")
        #expect(try child.readLine(timeout: .seconds(10)) == "last")
        #expect(try child.readLine(timeout: .seconds(10)) == nil)
        let exit = child.wait()
        #expect(exit.succeeded)
        #expect(!child.isRunning)
        #expect(child.wait() == exit)
    }

    @Test("a descriptor this process holds without close-on-exec does not reach the child")
    func closesInheritedDescriptors() throws {
        let fd = open("/dev/null", O_RDONLY)  // no O_CLOEXEC, like a socket SwiftNIO accepted
        try #require(fd >= 3)
        defer { close(fd) }
        let child = try ChildProcess("/bin/sh", ["-c", "[ -e /proc/self/fd/\(fd) ] && echo inherited || echo closed"], output: .pipe)
        #expect(try child.readLine(timeout: .seconds(10)) == "closed")
        #expect(child.wait().succeeded)
    }

    @Test("a line that does not come in time is a timeout, not a hang")
    func readLineTimesOut() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "printf 'partial'; exec sleep 3600"], output: .pipe)
        defer { child.stop(grace: .seconds(1)) }
        let start = ContinuousClock.now
        #expect(throws: ChildProcess.Failure.self) { _ = try child.readLine(timeout: .milliseconds(200)) }
        #expect(ContinuousClock.now - start < hangGuard, "a hang guard: the child would take an hour to end the line")
    }

    @Test("readPort returns the port and the KEY value lines before it, from a pipe or a file")
    func readsThePortLine() throws {
        let script = "echo noise; echo 'CERT /tmp/c.pem'; echo 'PIN sha256//abc'; echo 'PORT 4242'; exec cat"
        let piped = try ChildProcess("/bin/sh", ["-c", script], input: .pipe, output: .pipe)
        let line = try piped.readPort(timeout: .seconds(10))
        #expect(line == PortLine(lines: ["CERT /tmp/c.pem", "PIN sha256//abc", "PORT 4242"]))
        #expect(line.port == 4242)
        #expect(line.fields["CERT"] == "/tmp/c.pem")
        #expect(line.fields["PIN"] == "sha256//abc")
        // Closing stdin ends `cat`: stop() finds it exited, without a signal.
        piped.closeInput()
        #expect(piped.wait(upTo: .seconds(10))?.succeeded == true)

        let folder = try #require(ChildProcess.run("/bin/mktemp", ["-d"], timeout: .seconds(10))?.lines.first)
        defer { _ = try? ChildProcess.run("/bin/rm", ["-rf", folder], timeout: .seconds(10)) }
        let filed = try ChildProcess("/bin/sh", ["-c", "sleep 0.2; echo 'PORT 80'; exec sleep 30"], output: .file(folder + "/out"))
        defer { filed.stop(grace: .seconds(1)) }
        #expect(try filed.readPort(timeout: .seconds(10)).port == 80)
    }

    @Test("output that ends without a PORT line is an error that quotes it")
    func missingPortLineFails() throws {
        let child = try ChildProcess("/bin/sh", ["-c", "echo 'listening soon'; exit 3"], output: .pipe)
        let error = #expect(throws: ChildProcess.Failure.self) { _ = try child.readPort(timeout: .seconds(10)) }
        #expect(error?.description.contains("listening soon") == true)
        #expect(child.wait().status == 3)
        #expect(PortLine(lines: ["PORT 0"]) == nil)
        #expect(PortLine(lines: ["PORT x"]) == nil)
    }

    @Test("stop() closes stdin, then SIGTERM, then SIGKILL after the grace, and reaps")
    func stopEscalates() throws {
        // Ignores SIGTERM and closed stdin: only SIGKILL ends it.
        let stubborn = try ChildProcess("/bin/sh", ["-c", "trap '' TERM; echo ready; while :; do sleep 0.05; done"], input: .pipe, output: .pipe)
        #expect(try stubborn.readLine(timeout: .seconds(10)) == "ready")
        let start = ContinuousClock.now
        let exit = stubborn.stop(grace: .milliseconds(300))
        #expect(exit.signal == SIGKILL)
        #expect(exit.status == 128 + SIGKILL)
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        #expect(!stubborn.isRunning)
        #expect(kill(stubborn.pid, 0) != 0, "the child was reaped: its pid is gone")

        let polite = try ChildProcess("/bin/sleep", ["30"])
        #expect(polite.stop(grace: .seconds(5)).signal == SIGTERM)
    }

    @Test("run() passes arguments, environment and stdin, and returns status and both outputs")
    func runCollectsEverything() throws {
        let result = try #require(try ChildProcess.run(
            "sh", ["-c", "cat; echo \"$GREETING $1\"; echo oops >&2; exit 4", "sh", "world"],
            environment: ["GREETING": "hello", "PATH": "/usr/bin:/bin"], input: Array("in\n".utf8), timeout: .seconds(10)))
        #expect(result.status == 4)
        #expect(result.lines == ["in", "hello world"])
        #expect(result.stderr == "oops\n")
        #expect(try ChildProcess.run("/bin/sleep", ["30"], timeout: .milliseconds(100)) == nil)
        #expect(throws: ChildProcess.Failure.self) { _ = try ChildProcess("/nonexistent/program") }
    }

    @Test("PackageRoot is the folder with Package.swift")
    func packageRoot() {
        #expect(access(PackageRoot.path("Package.swift"), F_OK) == 0)
        #expect(access(PackageRoot.path("Tests/ProtoHTTPTestSupport/ChildProcess.swift"), F_OK) == 0)
    }
}
