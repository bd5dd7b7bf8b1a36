// DemoFormat.swift: one-line renderings of notes, lists, deletions and errors for the demo's output.
import ProtoHTTP
import ProtoWire
import ProtoHTTPCore
import ProtoHTTPDemoService

/// Compact one-line descriptions of the demo's messages and errors.
enum DemoFormat {
    /// `n1 "Groceries" [demo, shopping] labels{store: corner} checklist(1/3 done) HIGH at 2026-11-22T08:50:12Z`.
    static func note(_ note: Notes_Note) -> String {
        var parts = ["\(note.id) \"\(note.title)\""]
        if !note.tags.isEmpty { parts.append("[\(note.tags.joined(separator: ", "))]") }
        if !note.labels.isEmpty { parts.append("labels" + pairs(note.labels)) }
        switch note.content {
        case .text(let text)?: parts.append("text(\"\(shortened(text, to: 24))\")")
        case .checklist(let list)?: parts.append("checklist(\(list.items.filter(\.done).count)/\(list.items.count) done)")
        case nil: break
        }
        switch note.priority {
        case .high: parts.append("HIGH")
        case .low: parts.append("LOW")
        case .unspecified, .UNRECOGNIZED: break
        }
        if note.hasCreatedAt { parts.append("at " + timestamp(note.createdAt)) }
        return parts.joined(separator: " ")
    }

    /// `[n1, n3] tagCounts{demo: 2, pinned: 1}`.
    static func list(_ response: Notes_ListNotesResponse) -> String {
        "[\(response.notes.map(\.id).joined(separator: ", "))] tagCounts" + pairs(response.tagCounts.mapValues { "\($0)" })
    }

    /// `deleted n3 "Groceries", 2 remaining`.
    static func deleted(_ response: Notes_DeleteNoteResponse) -> String {
        "deleted \(response.deleted.id) \"\(response.deleted.title)\", \(response.remaining) remaining"
    }

    /// `not_found, HTTP 404: no note has the id "n404"; …` (`unavailable, no response: …` when none came).
    static func error(_ error: ProtoHTTPError) -> String {
        "\(error.code), \(error.httpStatus.map { "HTTP \($0)" } ?? "no response"): \(error.message)"
    }

    /// `text`, or its first `limit - 1` characters and `…`.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }

    /// `{a: 1, b: 2}`, keys sorted.
    static func pairs(_ values: [String: String]) -> String {
        "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }

    /// RFC 3339 to the second, UTC: `2026-11-22T08:50:12Z` (the proto3 JSON form without the fraction).
    static func timestamp(_ timestamp: Google_Protobuf_Timestamp) -> String {
        guard let json = try? timestamp.jsonString() else { return "\(timestamp.seconds)s" }
        var text = json.filter { $0 != "\"" }
        if let dot = text.firstIndex(of: ".") { text = String(text[..<dot]) + "Z" }
        return text
    }
}
