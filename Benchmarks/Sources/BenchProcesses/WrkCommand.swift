// WrkCommand.swift: how wrk is run against a server: its executable, the RPC's URL, the script and the arguments of one run.

/// wrk, the C load generator, set up to post ``Workload`` to one server: the Lua script is
/// written into the temp folder, and each run is `-t1 -c<connections> -d<seconds>s` (one
/// thread) with `--latency`.
public struct WrkCommand: Sendable {
    /// The wrk binary.
    public let executable: String
    /// The RPC's URL on the server.
    public let url: String
    /// The temp folder holding the script (and, by the tools' habit, wrk's output).
    public let folder: TempFolder

    /// Writes the Lua script into `folder` (naming `tool` as its writer); `baseURL` is the server's.
    public init(baseURL: String, folder: TempFolder, executable: String = "/usr/bin/wrk", writtenBy tool: String) throws {
        self.executable = executable
        self.url = baseURL + Workload.path
        self.folder = folder
        try WrkScript.write(in: folder, writtenBy: tool)
    }

    /// The arguments of one run: `-t1 -c<connections> -d<seconds>s`, then `extra`, then
    /// `--latency -s <script> <url>`.
    public func arguments(connections: Int, seconds: Int, extra: [String] = []) -> [String] {
        ["-t1", "-c\(connections)", "-d\(seconds)s"] + extra + ["--latency", "-s", folder.file(WrkScript.name), url]
    }
}
