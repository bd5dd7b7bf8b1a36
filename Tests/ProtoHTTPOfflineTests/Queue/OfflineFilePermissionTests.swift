// OfflineFilePermissionTests.swift: the queue's and the cache's SQLite files (with -wal and -shm) are 0600 in a 0700 folder, and a symlink at a database path is refused.
import Foundation
import ProtoHTTPOffline
import ProtoHTTPTestSupport
import Testing

@Suite("Offline files: permissions and symlinks")
struct OfflineFilePermissionTests {
    private func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("the queue's database, -wal and -shm are 0600 and the folder it creates is 0700; an old 0644 file is tightened")
    func queueFilesArePrivate() async throws {
        try await withQueueTestbed { testbed in
            let queue = try testbed.queue()
            _ = await testbed.create("private")
            for suffix in ["", "-wal", "-shm"] {
                #expect(mode(queue.path + suffix) == 0o600, "\(queue.path + suffix)")
            }
            #expect(mode(testbed.folder) == 0o700)
        }
        try await withQueueTestbed { testbed in
            try FileManager.default.createDirectory(atPath: testbed.folder, withIntermediateDirectories: true)
            let path = testbed.folder + "/" + OfflineQueueConfiguration.fileName
            #expect(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o644]))
            #expect(mode(path) == 0o644)
            _ = try testbed.queue()
            #expect(mode(path) == 0o600)
        }
    }

    @Test("the disk cache's database, -wal and -shm are 0600")
    func cacheFilesArePrivate() throws {
        let folder = NSTemporaryDirectory() + "offline-perms-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try DiskResponseCache(location: OfflineStorageLocation(directory: folder))
        cache.store(CachedResponse(status: 200, headers: [:], body: [1, 2, 3], storedAt: 1, version: 0),
                    for: ResponseCacheKey(digest: "perms-test"))
        for suffix in ["", "-wal", "-shm"] {
            #expect(mode(cache.path + suffix) == 0o600, "\(cache.path + suffix)")
        }
        #expect(mode(folder) == 0o700)
        cache.close()
    }

    @Test("a symlink at the database's path is refused with a .storage error naming it; its target is untouched")
    func symlinkIsRefused() async throws {
        try await withQueueTestbed { testbed in
            try FileManager.default.createDirectory(atPath: testbed.folder, withIntermediateDirectories: true)
            let victim = testbed.folder + "/victim"
            try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createSymbolicLink(atPath: testbed.folder + "/" + OfflineQueueConfiguration.fileName,
                                                       withDestinationPath: victim)
            let error = #expect(throws: OfflineError.self) { _ = try testbed.queue() }
            #expect(error?.code == .storage)
            #expect(error?.message.contains("symbolic link") == true, "\(String(describing: error))")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        }
    }
}
