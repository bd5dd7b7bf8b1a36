// SQLiteIdempotencyStore.swift: answers for Idempotency-Keys kept in SQLite, so a restarted server (or several sharing a file) still gives each once.
public import Foundation
import GRDB
public import ProtoHTTPCore
public import ProtoHTTPServer

/// An `IdempotencyStore` in a SQLite file (through GRDB): a server that restarts, or several
/// processes sharing the file, still answer a repeated call from its first answer, so an
/// offline queue's replays after any restart have their effect once.
///
/// ```swift
/// let store = try SQLiteIdempotencyStore(path: "/var/lib/notes/idempotency.sqlite", retention: .seconds(24 * 3600))
/// configuration.interceptors = [IdempotencyInterceptor(store: store)]
/// ```
///
/// Each claim, answer and release is one committed transaction (WAL, `synchronous=FULL`).
/// Answers are kept for ``retention`` after their call succeeded, on the wall clock, which
/// survives a restart; expired rows are deleted as new keys are claimed.
///
/// A call still running when its process died leaves its claim behind: whether its handler had
/// its effect is unknown. A repeat is refused as in progress (`unavailable`, retried) until
/// ``staleClaimAfter`` has passed since the claim, then runs again. Set it above the longest
/// time a handler runs, so a call a live process sharing the file still runs is never taken over.
public final class SQLiteIdempotencyStore: IdempotencyStore {
    /// The database file's path.
    public let path: String
    /// How long an answer is given again after its call succeeded.
    public let retention: Duration
    /// How long a claim by another store instance (a process that may have died) holds its key.
    public let staleClaimAfter: Duration
    private let pool: DatabasePool
    private let now: @Sendable () -> Date
    /// This instance's mark on the claims it makes.
    private let owner = UUID().uuidString

    /// Opens (creating if needed) the store at `path`.
    ///
    /// - Parameters:
    ///   - retention: How long an answer is kept (default 24 hours, as payment APIs keep theirs).
    ///   - staleClaimAfter: How long a claim of another instance blocks its key (default 10 minutes).
    ///   - now: The wall clock (tests pass their own).
    /// - Throws: `ProtoHTTPError` (`unavailable`) when the file cannot be created, opened or
    ///   migrated; the message names the path.
    public init(path: String, retention: Duration = .seconds(24 * 3600), staleClaimAfter: Duration = .seconds(600),
                now: @escaping @Sendable () -> Date = { Date() }) throws(ProtoHTTPError) {
        self.path = path
        self.retention = retention
        self.staleClaimAfter = staleClaimAfter
        self.now = now
        pool = try SQLiteIdempotencySchema.open(path: path)
    }

    public func claim(_ key: IdempotencyKey, fingerprint: [UInt8]) async throws -> IdempotencyClaim {
        let (now, owner, stale) = (now().timeIntervalSince1970, owner, staleClaimAfter.seconds)
        return try await write("claim") { db in
            try db.execute(sql: "DELETE FROM idempotency_key WHERE expires_at IS NOT NULL AND expires_at <= ?", arguments: [now])
            let row = try Row.fetchOne(db, sql: "SELECT fingerprint, answer, owner, claimed_at FROM idempotency_key WHERE method = ? AND key = ?",
                                       arguments: [key.method, key.key])
            if let row {
                let stored: Data = row["fingerprint"]
                guard stored == Data(fingerprint) else { return .mismatch }
                if let answer: Data = row["answer"] { return .answered([UInt8](answer)) }
                let claimedBy: String = row["owner"]
                let claimedAt: Double = row["claimed_at"]
                if claimedBy == owner || now - claimedAt < stale { return .inProgress }
                // Its process died with the call running (or took longer than allowed): take it over.
                try db.execute(sql: "UPDATE idempotency_key SET owner = ?, claimed_at = ? WHERE method = ? AND key = ?",
                               arguments: [owner, now, key.method, key.key])
                return .owned
            }
            try db.execute(sql: "INSERT INTO idempotency_key (method, key, fingerprint, owner, claimed_at) VALUES (?, ?, ?, ?, ?)",
                           arguments: [key.method, key.key, Data(fingerprint), owner, now])
            return .owned
        }
    }

    public func complete(_ key: IdempotencyKey, answer: [UInt8]) async throws {
        let (expires, owner) = (now().timeIntervalSince1970 + retention.seconds, owner)
        try await write("answer") { db in
            try db.execute(sql: "UPDATE idempotency_key SET answer = ?, expires_at = ? WHERE method = ? AND key = ? AND owner = ? AND answer IS NULL",
                           arguments: [Data(answer), expires, key.method, key.key, owner])
        }
    }

    public func release(_ key: IdempotencyKey) async throws {
        let owner = owner
        try await write("release") { db in
            try db.execute(sql: "DELETE FROM idempotency_key WHERE method = ? AND key = ? AND owner = ? AND answer IS NULL",
                           arguments: [key.method, key.key, owner])
        }
    }

    /// How many keys are kept now (running and answered, expired ones not yet deleted included).
    public func count() throws(ProtoHTTPError) -> Int {
        do {
            return try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM idempotency_key") ?? 0 }
        } catch {
            throw ProtoHTTPError(code: .unavailable, message: "the idempotency database \(path) could not be read (\(error)).")
        }
    }

    /// One committed transaction; a failure becomes `unavailable` naming the file and the step.
    ///
    /// It runs to its end even when the calling task is cancelled, as a call's task is when its
    /// client goes away: GRDB's async `write` would throw `CancellationError` instead, leaving a
    /// key claimed by a call that ran (its answer never recorded), so every repeat would be
    /// refused as in progress until the claim went stale.
    private func write<T: Sendable>(_ step: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(ProtoHTTPError) -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            pool.asyncWrite(body) { _, result in continuation.resume(returning: result) }
        }
        switch result {
        case .success(let value):
            return value
        case .failure(let error):
            throw ProtoHTTPError(code: .unavailable, message: "the idempotency store could not record the \(step) in \(path) (\(error)); check that its disk has room and the file is writable.")
        }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
