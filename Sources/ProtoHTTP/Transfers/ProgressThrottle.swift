// ProgressThrottle.swift: which raw libcurl progress samples become reports: throttled, monotonic, final (pure).

/// Decides which of libcurl's progress samples for one transfer become reports: at most one
/// per ``interval`` per direction, never a step back, never a repeat, and the final value.
/// Pure (time comes in as an argument) and confined to the engine thread.
struct ProgressThrottle {
    /// The shortest time between two reports of one direction: 50 ms.
    static let interval: UInt64 = 50_000_000

    /// One direction's last report.
    private struct Lane {
        var last: TransferProgress?
        var lastTime: UInt64 = 0
    }

    private var upload = Lane()
    private var download = Lane()

    /// The report to deliver for a sample taken at `now` (nanoseconds, monotonic), or `nil`
    /// when the sample says nothing new, goes back, or comes within ``interval`` of the last.
    mutating func offer(_ progress: TransferProgress, now: UInt64) -> TransferProgress? {
        update(progress.direction) { lane in
            guard progress.completedBytes > 0 || progress.totalBytes != nil else { return nil }
            if let last = lane.last {
                guard progress.completedBytes >= last.completedBytes, progress != last else { return nil }
                guard now &- lane.lastTime >= Self.interval else { return nil }
            }
            lane.last = progress
            lane.lastTime = now
            return progress
        }
    }

    /// The final report of a direction that completed: delivered unless it repeats the last
    /// report or would go back.
    mutating func finish(_ progress: TransferProgress) -> TransferProgress? {
        update(progress.direction) { lane in
            if let last = lane.last {
                guard progress.completedBytes >= last.completedBytes, progress != last else { return nil }
            }
            lane.last = progress
            return progress
        }
    }

    /// Whether a report of `direction` was delivered.
    func hasReported(_ direction: TransferProgress.Direction) -> Bool {
        switch direction {
        case .upload: upload.last != nil
        case .download: download.last != nil
        }
    }

    private mutating func update(_ direction: TransferProgress.Direction, _ body: (inout Lane) -> TransferProgress?) -> TransferProgress? {
        switch direction {
        case .upload: body(&upload)
        case .download: body(&download)
        }
    }
}

/// A call's high-water marks, so reports never go back across the transfers of one call (a
/// retry, a download that starts over): a report below the furthest point already reported
/// in its direction is dropped.
struct ProgressHighWater: Sendable {
    private var upload: Int64 = -1
    private var download: Int64 = -1

    /// Whether `progress` may be delivered; if so, it becomes the new mark.
    mutating func admit(_ progress: TransferProgress) -> Bool {
        switch progress.direction {
        case .upload:
            guard progress.completedBytes >= upload else { return false }
            upload = progress.completedBytes
        case .download:
            guard progress.completedBytes >= download else { return false }
            download = progress.completedBytes
        }
        return true
    }
}
