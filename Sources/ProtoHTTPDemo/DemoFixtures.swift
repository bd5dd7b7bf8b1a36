// DemoFixtures.swift: the notes the demo creates, and one-line request initialisers.
import ProtoHTTPDemoService


/// The demo's data: two notes stored first, then one note per protocol and encoding.
enum DemoFixtures {
    /// Stored before the tour: one tagged `demo`, one not (so the tag filter has something to skip).
    static let seeds: [Notes_CreateNoteRequest] = [
        create("Welcome", tags: ["demo", "pinned"], labels: ["by": "protohttp"], text: "Notes are kept in memory by NotesService"),
        create("Diary", tags: ["personal"], text: "Not for the demo's eyes", priority: .low),
    ]

    /// One per protocol × encoding, in the tour's order; each tagged `demo`.
    static let tour: [Notes_CreateNoteRequest] = [
        create("Groceries", tags: ["demo", "shopping"], labels: ["store": "corner shop"],
               checklist: [("milk", true), ("bread", false), ("coffee", false)], priority: .high),
        create("Book club", tags: ["demo", "reading"], labels: ["host": "Ana"], text: "Chapter 3 by Friday", priority: .low),
        create("Bike repair", tags: ["demo", "errands"], labels: ["shop": "Wheels & Co"],
               checklist: [("new chain", false), ("pump the tyres", true)]),
        create("Trip to Lisbon", tags: ["demo", "travel"], labels: ["flight": "TP 1234", "hotel": "Alfama"],
               text: "Pack the charger", priority: .high),
        create("Tax return", tags: ["demo", "admin"], labels: ["year": "2026"],
               checklist: [("receipts", true), ("form", false)], priority: .high),
        create("Ideas", tags: ["demo"], text: "An RPC demo that checks its own story", priority: .low),
        create("Garden", tags: ["demo", "home"], labels: ["bed": "north"], checklist: [("tomatoes", true), ("basil", false)]),
        create("Concert", tags: ["demo", "music"], labels: ["venue": "Coliseu"], text: "Doors at 20:00", priority: .high),
        create("Recipes", tags: ["demo", "cooking"], text: "Pastéis de nata, take two", priority: .low),
        create("Car service", tags: ["demo", "errands"], labels: ["garage": "Oficina Silva"], checklist: [("oil", false), ("tyres", false)]),
    ]

    /// A CreateNoteRequest in one line.
    static func create(_ title: String, tags: [String] = [], labels: [String: String] = [:], text: String? = nil,
                       checklist: [(String, Bool)]? = nil, priority: Notes_Priority = .unspecified) -> Notes_CreateNoteRequest {
        var request = Notes_CreateNoteRequest()
        request.title = title
        request.tags = tags
        request.labels = labels
        if let text { request.content = .text(text) }
        if let checklist {
            var list = Notes_Checklist()
            list.items = checklist.map { text, done in
                var item = Notes_Checklist.Item()
                item.text = text
                item.done = done
                return item
            }
            request.content = .checklist(list)
        }
        request.priority = priority
        return request
    }

    /// Whether `note` holds what `request` asked to store.
    static func matches(_ note: Notes_Note, _ request: Notes_CreateNoteRequest) -> Bool {
        let content: Notes_Note.OneOf_Content? = switch request.content {
        case .text(let text)?: .text(text)
        case .checklist(let list)?: .checklist(list)
        case nil: nil
        }
        return note.title == request.title && note.tags == request.tags && note.labels == request.labels
            && note.content == content && note.priority == request.priority && note.hasCreatedAt && !note.id.isEmpty
    }
}

extension Notes_GetNoteRequest {
    /// A request for the note `id`.
    init(id: String) {
        self.init()
        self.id = id
    }
}

extension Notes_ListNotesRequest {
    /// A request for the notes tagged `tag` (all when empty).
    init(tag: String) {
        self.init()
        self.tag = tag
    }
}

extension Notes_DeleteNoteRequest {
    /// A request to delete the note `id`.
    init(id: String) {
        self.init()
        self.id = id
    }
}
