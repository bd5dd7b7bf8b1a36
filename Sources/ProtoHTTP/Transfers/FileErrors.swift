// FileErrors.swift: the client's errors for files: what failed, on which path, and errno's text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ProtoHTTPCore

extension ProtoHTTPError {
    /// The error for a failed file operation: `action` (e.g. "write to") on `path`, with the
    /// `errno` value's text, and a code that says whose move it is: a missing folder or a
    /// permission is the caller's to fix (`failed_precondition`), a full disk is
    /// `resource_exhausted`, anything else `internal`.
    static func file(_ action: String, _ path: String, errno code: Int32) -> ProtoHTTPError {
        let reason = String(cString: strerror(code))
        let rpcCode: Code = switch code {
        case ENOENT, ENOTDIR, EACCES, EPERM, EROFS, EISDIR, EEXIST: .failedPrecondition
        case ENOSPC, EDQUOT, EFBIG, EMFILE, ENFILE, ENOMEM: .resourceExhausted
        default: .internal
        }
        let advice = switch rpcCode {
        case .failedPrecondition: "check that the folder exists and is writable"
        case .resourceExhausted: "free disk space or file descriptors and try again; a partial download resumes"
        default: "check the file system"
        }
        return ProtoHTTPError(code: rpcCode, message: "could not \(action) \(path): \(reason) (errno \(code)); \(advice).")
    }
}
