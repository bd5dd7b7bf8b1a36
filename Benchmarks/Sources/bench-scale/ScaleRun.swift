// ScaleRun.swift: a whole bench-scale run: the chosen curves in order, their servers stopped after each, the temp folder removed.
import BenchProcesses
import Foundation

/// Runs the curves ``Options`` chooses, in ``Curve`` order; the first failure ends the run
/// (every server started so far is stopped first: each curve stops its own on the way out,
/// and ``EmergencyStop`` covers an exit, a signal or a crash).
enum ScaleRun {
    /// Runs `arguments`; returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options(arguments)
        } catch {
            report("\(error)")
            return 2
        }
        let folder: TempFolder
        do {
            folder = try TempFolder.make(for: "bench-scale")
        } catch {
            report("\(error)")
            return 1
        }
        defer { folder.remove() }
        note("bench-scale \(options.quick ? "--quick " : "")curves: \(options.curves.map(\.rawValue).joined(separator: ", ")); open-file limit \(FileLimit.raiseToHard()); \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for curve in options.curves {
            let start = MonotonicClock.nanoseconds()
            do {
                try await run(curve, options: options, folder: folder)
            } catch {
                report("\(curve.rawValue): \(error)")
                return 1
            }
            note("\(curve.rawValue) took \(Int(MonotonicClock.seconds(since: start).rounded())) s")
        }
        return 0
    }

    private static func run(_ curve: Curve, options: Options, folder: TempFolder) async throws {
        switch curve {
        case .server:
            try await ServerRateCurve.run(options: options, folder: folder)
            try await ServerIdleCurve.run(options: options, folder: folder)
        case .client:
            try await ClientRateCurve.run(options: options, folder: folder)
            try await ClientInFlightCurve.run(options: options, folder: folder)
        case .codec:
            try CodecCurve.run(options: options)
        case .queue:
            try await QueueCurve.run(options: options, folder: folder)
        case .cache:
            try CacheCurve.run(options: options, folder: folder)
        }
    }
}
