// LinuxCalls.swift: eventfd(2) and setns(2), which Swift's Glibc module does not export, looked up in libc; errno as text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Linux calls the monitor needs beyond what Swift's Glibc module exports. `eventfd` and
/// `setns` are declared only under `_GNU_SOURCE`, which the module map does not define; they
/// are plain libc functions, so they are found with `dlsym` and called through typed C
/// function pointers instead of adding a C target for two declarations.
enum LinuxCalls {
    private typealias EventFDFunction = @convention(c) (UInt32, Int32) -> Int32
    private typealias SetNSFunction = @convention(c) (Int32, Int32) -> Int32

    /// `CLONE_NEWNET`.
    static let cloneNewNet: Int32 = 0x4000_0000

    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        // RTLD_DEFAULT is a null handle on glibc and musl: search every loaded object.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    private static let eventFDFunction = symbol("eventfd", as: EventFDFunction.self)
    private static let setNSFunction = symbol("setns", as: SetNSFunction.self)

    /// A non-blocking, close-on-exec eventfd, or the errno text of the failure.
    static func eventFD() -> Result<Int32, SystemError> {
        guard let eventFDFunction else { return .failure(SystemError(call: "eventfd", code: ENOSYS)) }
        let fd = eventFDFunction(0, O_CLOEXEC | O_NONBLOCK)
        return fd >= 0 ? .success(fd) : .failure(SystemError(call: "eventfd", code: errno))
    }

    /// Moves the calling thread into the network namespace of the file at `path`.
    static func enterNetworkNamespace(path: String) -> SystemError? {
        guard let setNSFunction else { return SystemError(call: "setns", code: ENOSYS) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return SystemError(call: "open(\(path))", code: errno) }
        defer { close(fd) }
        return setNSFunction(fd, cloneNewNet) == 0 ? nil : SystemError(call: "setns(\(path))", code: errno)
    }
}

/// A failed system call: its name and errno.
struct SystemError: Error, Sendable, CustomStringConvertible {
    /// The call that failed.
    var call: String
    /// Its errno.
    var code: Int32

    /// `call: strerror (errno N)`.
    var description: String { "\(call): \(String(cString: strerror(code))) (errno \(code))" }
}
