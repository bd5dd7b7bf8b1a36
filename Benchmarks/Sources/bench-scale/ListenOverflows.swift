// ListenOverflows.swift: the kernel's count of connections dropped because a listen queue was full (TcpExt ListenOverflows).
import Foundation

/// `TcpExt: ListenOverflows` from `/proc/net/netstat`: how many times, machine-wide since boot,
/// a completed handshake found its listener's accept queue full. The client then believes it
/// is connected and sends its request, while the server side retransmits its SYN-ACK after
/// 1 s, 2 s, 4 s… until the queue has room: such requests wait seconds. Read before and after
/// a point, the difference shows whether the point overflowed the server's backlog.
enum ListenOverflows {
    /// The counter now; `nil` when the file or the field cannot be read.
    static func read() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/net/netstat", encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n")
        // Pairs of lines: "TcpExt: Name1 Name2 …" then "TcpExt: value1 value2 …".
        for (names, values) in zip(lines, lines.dropFirst()) where names.hasPrefix("TcpExt:") && values.hasPrefix("TcpExt:") {
            let keys = names.split(separator: " "), numbers = values.split(separator: " ")
            if let index = keys.firstIndex(of: "ListenOverflows"), index < numbers.count { return Int(numbers[index]) }
        }
        return nil
    }
}
