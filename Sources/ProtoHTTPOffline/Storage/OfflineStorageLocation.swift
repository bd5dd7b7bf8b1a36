// OfflineStorageLocation.swift: where ProtoHTTPOffline keeps its databases: a given path, or the user's cache directory.
public import Foundation

/// The folder ProtoHTTPOffline's SQLite files live in.
///
/// By default the user's cache directory, as the XDG Base Directory rules say:
/// `$XDG_CACHE_HOME/<app>` when `XDG_CACHE_HOME` is set to an absolute path, else
/// `~/.cache/<app>` (`$HOME`, else the password database's home).
public struct OfflineStorageLocation: Sendable, Hashable {
    /// The folder.
    public var directory: String

    /// A folder of your choosing.
    public init(directory: String) { self.directory = directory }

    /// The user's cache directory for `app` (see the type's description).
    ///
    /// - Throws: `OfflineError` `.storage` when `app` is empty or contains `/`, or no home
    ///   directory can be found.
    public static func userCache(app: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(OfflineError) -> OfflineStorageLocation {
        guard !app.isEmpty, !app.contains("/"), app != ".", app != ".." else {
            throw OfflineError(.storage, "the app name \"\(app)\" cannot name a folder; use letters, digits, dots or dashes.")
        }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return OfflineStorageLocation(directory: xdg + "/" + app)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        guard home.hasPrefix("/") else {
            throw OfflineError(.storage, "no home directory was found for the cache folder; set HOME or XDG_CACHE_HOME, or give OfflineStorageLocation(directory:).")
        }
        return OfflineStorageLocation(directory: home + "/.cache/" + app)
    }

    /// The path of the database file `name` in the folder.
    public func path(of name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Creates the folder (and its parents) when missing, 0700: readable by the user only. A
    /// folder that exists keeps its mode (it is yours to choose); the database files in it are
    /// 0600 either way.
    func create() throws(OfflineError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw OfflineError(.storage, "the folder \(directory) could not be created (\(error.localizedDescription)); choose a writable OfflineStorageLocation.")
        }
    }
}
