// WrkScript.swift: the Lua script that makes wrk send the workload's POST with its binary protobuf body.

/// wrk's `-s` script for ``Workload``: method, body (``Workload/requestBytes`` as Lua
/// decimal escapes) and Content-Type.
public enum WrkScript {
    /// Where the script goes inside the temp folder.
    public static let name = "wrk/post.lua"

    /// Writes the script into `folder` (its first line names `tool` as the writer) and returns
    /// its absolute path.
    @discardableResult
    public static func write(in folder: TempFolder, writtenBy tool: String) throws -> String {
        let body = Workload.requestBytes.map { "\\\($0)" }.joined()
        try folder.write(name, text: """
            -- post.lua: written by \(tool); the benchmark's POST with its binary protobuf body.
            wrk.method = "POST"
            wrk.body = "\(body)"
            wrk.headers["Content-Type"] = "\(Workload.contentType)"

            """)
        return folder.file(name)
    }
}
