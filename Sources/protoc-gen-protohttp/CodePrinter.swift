// CodePrinter.swift: an indenting text buffer for emitting Swift source.

/// Accumulates lines of Swift with four-space indentation.
struct CodePrinter {
    private(set) var text = ""
    private var indentation = ""

    /// Appends one line at the current indentation; an empty string appends a blank line.
    mutating func line(_ s: String = "") {
        if s.isEmpty {
            text += "\n"
        } else {
            text += indentation + s + "\n"
        }
    }

    /// Appends `///` doc comment lines.
    mutating func doc(_ lines: [String]) {
        for l in lines { line(l.isEmpty ? "///" : "/// " + l) }
    }

    /// Appends `opener`, runs `body` one level deeper, then appends `closer`.
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opener)
        indent()
        body(&self)
        outdent()
        line(closer)
    }

    /// Appends a `switch` whose `case` lines stay at the `switch`'s indentation, Swift style.
    mutating func switchBlock(_ opener: String, _ body: (inout CodePrinter) -> Void) {
        line(opener)
        body(&self)
        line("}")
    }

    mutating func indent() { indentation += "    " }
    mutating func outdent() { indentation = String(indentation.dropLast(4)) }
}
