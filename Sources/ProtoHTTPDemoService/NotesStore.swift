// NotesStore.swift: the demo's notes in memory, in creation order, with ids n1, n2, … (Mutex-guarded).
import Synchronization

/// The notes of one ``NotesService``. Every operation is one short critical section; ids are
/// never reused, so a deleted note's id stays unknown.
final class NotesStore: Sendable {
    private struct State {
        var notes: [Notes_Note] = []
        var created = 0
    }
    private let state = Mutex(State())

    /// Stores `note` under the next id (`n1`, `n2`, …) and returns it with the id set.
    func insert(_ note: Notes_Note) -> Notes_Note {
        state.withLock { state in
            state.created += 1
            var stored = note
            stored.id = "n\(state.created)"
            state.notes.append(stored)
            return stored
        }
    }

    /// The note with `id`, or `nil`.
    func note(id: String) -> Notes_Note? {
        state.withLock { state in state.notes.first { $0.id == id } }
    }

    /// Every note, in creation order.
    func all() -> [Notes_Note] {
        state.withLock { $0.notes }
    }

    /// Removes the note with `id`: the note and how many remain, or `nil` when there is none.
    func remove(id: String) -> (note: Notes_Note, remaining: Int)? {
        state.withLock { state in
            guard let index = state.notes.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = state.notes.remove(at: index)
            return (removed, state.notes.count)
        }
    }
}
