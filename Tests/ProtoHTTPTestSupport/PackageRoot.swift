// PackageRoot.swift: the ProtoHTTP package's root folder, for tests that run its scripts or read its fixtures.

/// The root of the ProtoHTTP package checkout these tests were built from (where
/// `Package.swift` is), from this file's `#filePath`.
public enum PackageRoot {
    /// The absolute path, without a trailing `/`.
    public static let path: String = {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/ProtoHTTPTestSupport/PackageRoot.swift
        return components.joined(separator: "/")
    }()

    /// `path` + `/` + `relative`.
    public static func path(_ relative: String) -> String { path + "/" + relative }
}
