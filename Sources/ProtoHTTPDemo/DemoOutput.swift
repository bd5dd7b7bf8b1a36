// DemoOutput.swift: how the demo prints: the title, numbered sections, indented lines and code snippets.

/// Where the demo's text goes, in the demo's layout: a title, numbered sections with a short
/// introduction, two-space indented lines, and code snippets behind a bar.
struct DemoOutput: Sendable {
    let write: @Sendable (String) -> Void

    /// The demo's title, underlined, and its introduction.
    func title(_ text: String, _ intro: [String]) {
        write(text)
        write(String(repeating: "=", count: text.count))
        intro.forEach(write)
    }

    /// A blank line, `== <number>. <title> ====…` and the section's introduction.
    func section(_ number: Int, _ title: String, _ intro: [String] = []) {
        let head = "== \(number). \(title) "
        write("")
        write(head + String(repeating: "=", count: max(3, 96 - head.count)))
        intro.forEach { write("  " + $0) }
    }

    /// One indented line.
    func line(_ text: String = "") {
        write(text.isEmpty ? "" : "  " + text)
    }

    /// Lines of Swift, set off as a snippet.
    func code(_ lines: [String]) {
        lines.forEach { write("    | " + $0) }
    }

    /// `text` padded with spaces to `width` characters.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
