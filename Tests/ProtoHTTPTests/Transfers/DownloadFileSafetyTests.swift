// DownloadFileSafetyTests.swift: a download's files are the user's alone (0600) and are never written through a symlink planted at their path.
import Foundation
import ProtoHTTPTestSupport
import Testing
@testable import ProtoHTTP
import ProtoHTTPCore

@Suite("Downloads: file safety")
struct DownloadFileSafetyTests {
    private func manager(_ server: TestServer) throws -> ProtoHTTPManager {
        try ProtoHTTPManager(configuration: ManagerConfiguration(baseURL: server.url("")), transport: makeTransport())
    }

    private func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test("a downloaded file is created 0600, whatever the umask allows")
    func downloadedFileIsPrivate() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await manager(server).download("/big?size=100000", to: DownloadDestination(folder + "/file.bin"))
        #expect(result.bytes == 100_000)
        #expect(mode(folder + "/file.bin") == 0o600)
    }

    @Test("a symlink planted at the partial file's path is refused with a clear error; its target is untouched")
    func plantedSymlinkIsNotFollowed() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let folder = try makeTransferFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let victim = folder + "/victim.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let destination = DownloadDestination(folder + "/file.bin")
        try FileManager.default.createSymbolicLink(atPath: destination.partialPath, withDestinationPath: victim)
        let error = await #expect(throws: ProtoHTTPError.self) {
            _ = try await manager(server).download("/big?size=100000", to: destination)
        }
        #expect(error?.code == .failedPrecondition)
        #expect(error?.message.contains("is a symbolic link") == true, "\(String(describing: error))")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
