// ConformanceSchemas.swift: where the official conformance schemas are (../shared/conformance), and one clear failure when they are not.
import Foundation

/// The official protobuf conformance schemas, read in place from `../shared/conformance` beside
/// the checkout (they are data, never copied into the project). Their absence is a broken
/// checkout, not a reason to skip: every suite that needs them fails with ``missing``.
public enum ConformanceSchemas {
    /// The folder, standardized.
    public static let directory: String = URL(fileURLWithPath: PackageRoot.path("../shared/conformance")).standardized.path

    /// Whether `conformance.proto` is there.
    public static var present: Bool { FileManager.default.fileExists(atPath: directory + "/conformance.proto") }

    /// The one message every suite that needs the schemas fails with when they are missing.
    public static var missing: String {
        "the conformance schemas are missing: \(directory)/conformance.proto does not exist; clone the project next to "
            + "its `shared` folder (../shared/conformance holds conformance.proto and the test_messages schemas)"
    }

    /// The folder, or a thrown error with ``missing``.
    public static func require() throws -> String {
        guard present else { throw Missing(description: missing) }
        return directory
    }

    /// The schemas are not where the tests read them.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }
}
