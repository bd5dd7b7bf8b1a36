// RunCommand.swift: `protohttp-demo run`, the default subcommand (`make demo`): the scripted RPC demo; its exit status says whether every step held.
import ArgumentParser
import ProtoHTTPDemo

/// Runs ``DemoRunner``: a notes server in-process, called over every protocol and encoding.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Serve the notes demo service in-process and call it every way the client can.",
        discussion: "Exits 0 when every step behaved as the demo expects, 1 otherwise."
    )

    func run() async throws {
        let status = await DemoRunner().run()
        if status != 0 { throw ExitCode(status) }
    }
}
