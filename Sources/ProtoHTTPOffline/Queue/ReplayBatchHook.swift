// ReplayBatchHook.swift: the hook that reorders or coalesces a category's entries before a replay sends them.

/// Called with the entries of one category (oldest first) before a replay sends them; it
/// returns the entries to send, in the order to send them. Entries it leaves out are removed
/// from the queue and reported to ``OfflineQueue/onDropped(_:)`` with
/// ``DroppedCall/Reason/coalesced``; entries it adds that were not in the batch are ignored.
///
/// SCAwesomeNetworking's case: a "like" then an "unlike" of the same post cancel out.
///
/// ```swift
/// configuration.batchHook = { category, entries in
///     guard category == "likes" else { return entries }
///     var kept: [QueuedCall] = []
///     for entry in entries {
///         if entry.path == UnlikeMetadata.path, let like = kept.lastIndex(where: { $0.path == LikeMetadata.path && $0.body == entry.body }) {
///             kept.remove(at: like)      // like then unlike: send neither
///         } else {
///             kept.append(entry)
///         }
///     }
///     return kept
/// }
/// ```
public typealias ReplayBatchHook = @Sendable (_ category: String?, _ entries: [QueuedCall]) -> [QueuedCall]
