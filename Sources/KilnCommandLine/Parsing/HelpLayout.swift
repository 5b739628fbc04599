/// Lays text out for a terminal of a given width: words are filled greedily into lines and never broken (a
/// word longer than the width gets a line of its own), continuation lines hang at an indent, and a label
/// column holds option and subcommand names with their descriptions beside them.
enum HelpLayout {
    /// The widest label column (two spaces, the label, at least two spaces), as swift-argument-parser uses.
    static let widestColumn = 26

    /// The column descriptions start at for `width`: 26, or a third of a narrow terminal.
    static func column(width: Int) -> Int {
        min(widestColumn, max(8, width / 3))
    }

    /// The words of `text`, split at any white space.
    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(0, count))
    }

    /// Fills `words` into lines no wider than `width`.
    ///
    /// - Parameters:
    ///   - words: the words, none holding white space.
    ///   - width: the columns a line may take, unless its only word is wider.
    ///   - first: what the first line starts with (a heading, a label padded to the column); never broken.
    ///   - indent: the spaces every further line starts with.
    /// - Returns: the lines, each ending in a newline; just `first` when there are no words.
    static func fill(_ words: [String], width: Int, first: String = "", indent: Int = 0) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in words {
            if !lineHasWord {
                line += word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = spaces(indent) + word
            }
            lineHasWord = true
        }
        lines.append(lineHasWord ? line : trailingSpacesRemoved(line))
        return lines.map { $0 + "\n" }.joined()
    }

    /// A label in the label column with its description beside it, or below it when the label is too wide.
    ///
    /// - Parameters:
    ///   - label: e.g. `--db <file>`.
    ///   - description: its help, refilled.
    ///   - width: the columns a line may take.
    ///   - column: where descriptions start (default: ``column(width:)``).
    /// - Returns: the row's lines, each ending in a newline.
    static func row(_ label: String, _ description: String, width: Int, column: Int? = nil) -> String {
        let column = column ?? self.column(width: width)
        if 2 + label.count + 2 <= column {
            return fill(
                words(description), width: width, first: "  " + label + spaces(column - 2 - label.count),
                indent: column)
        }
        let text = "  \(label)\n"
        guard !description.isEmpty else { return text }
        return text + fill(words(description), width: width, first: spaces(column), indent: column)
    }

    /// A line with the spaces at its end removed.
    private static func trailingSpacesRemoved(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
