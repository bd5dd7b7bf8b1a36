// SHA256Digest.swift: SHA-256 through OpenSSL's libcrypto: of a file, read in 1 MiB chunks, and of parts in memory (cache keys).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CLibCrypto
import ProtoHTTPCore

/// SHA-256 with libcrypto's EVP interface: the implementation libcurl4-openssl already loads
/// (SHA-NI or AVX2 where the CPU has them), so no hashing code of our own and no new library.
package enum SHA256Digest {
    /// The lowercase hex SHA-256 of the file at `path`, read in 1 MiB chunks (memory stays flat
    /// whatever the file's size).
    static func hex(ofFileAt path: String) throws(ProtoHTTPError) -> String {
        guard let context = EVP_MD_CTX_new() else {
            throw ProtoHTTPError(code: .resourceExhausted, message: "EVP_MD_CTX_new failed while hashing \(path); the process is probably out of memory.")
        }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw ProtoHTTPError(code: .internal, message: "libcrypto could not start a SHA-256 digest for \(path).")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .file("open", path, errno: errno) }
        defer { close(fd) }
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { chunk.deallocate() }
        while true {
            let count = read(fd, chunk, 1 << 20)
            if count < 0 {
                if errno == EINTR { continue }
                throw .file("read", path, errno: errno)
            }
            if count == 0 { break }
            guard EVP_DigestUpdate(context, chunk, count) == 1 else {
                throw ProtoHTTPError(code: .internal, message: "libcrypto's SHA-256 update failed while hashing \(path).")
            }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
            throw ProtoHTTPError(code: .internal, message: "libcrypto's SHA-256 digest of \(path) did not finish.")
        }
        return hex(digest.prefix(32))
    }

    /// The lowercase hex SHA-256 of `parts`, each preceded by its length (8 bytes, little
    /// endian), so no two different lists of parts hash the same bytes.
    package static func hex(ofParts parts: [[UInt8]]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let context = EVP_MD_CTX_new()
        defer { EVP_MD_CTX_free(context) }
        // With a context, SHA-256 over memory cannot fail; without one (out of memory) the
        // one-shot EVP_Digest below hashes the concatenation instead.
        if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 {
            for part in parts {
                var count = UInt64(part.count).littleEndian
                _ = withUnsafeBytes(of: &count) { EVP_DigestUpdate(context, $0.baseAddress, 8) }
                _ = part.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
            }
            _ = EVP_DigestFinal_ex(context, &digest, &length)
        } else {
            var joined: [UInt8] = []
            for part in parts {
                withUnsafeBytes(of: UInt64(part.count).littleEndian) { joined.append(contentsOf: $0) }
                joined.append(contentsOf: part)
            }
            _ = joined.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &digest, &length, EVP_sha256(), nil) }
        }
        return hex(digest.prefix(32))
    }

    /// Lowercase hex of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
