extension HelpLayout {
    /// One piece of a discussion as written in a ``CommandSpec``.
    enum Block: Equatable {
        /// Prose: lines starting at the margin, joined into one paragraph and refilled.
        case prose([String])
        /// An indented `term  description` line (and the further-indented lines continuing it), laid out as a
        /// label row.
        case row(term: String, description: [String], indent: Int)
        /// Any other indented line, e.g. a command to type, kept as written.
        case verbatim(String)
        /// An empty line between paragraphs.
        case blank
    }

    /// A discussion refilled to `width`: prose wrapped, `term  description` lines as label rows, other indented
    /// lines kept, empty lines kept.
    ///
    /// - Returns: the lines, each ending in a newline.
    static func discussion(_ text: String, width: Int) -> String {
        let blocks = blocks(of: text)
        let column = rowColumn(blocks, width: width)
        return blocks.map { block in
            switch block {
            case .prose(let words): fill(words, width: width)
            case .row(let term, let description, _):
                row(term, description.joined(separator: " "), width: width, column: column)
            case .verbatim(let line): line + "\n"
            case .blank: "\n"
            }
        }.joined()
    }

    /// The column a discussion's rows share: wide enough for the longest term, unless that passes half the
    /// width (a wider term then gets a line of its own), and never left of the options' column.
    private static func rowColumn(_ blocks: [Block], width: Int) -> Int {
        let terms = blocks.compactMap { block -> Int? in
            if case .row(let term, _, _) = block { return term.count } else { return nil }
        }
        return max(column(width: width), min((terms.max() ?? 0) + 4, width / 2))
    }

    /// Splits a discussion into its blocks.
    static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix(while: { $0 == " " }).count
            let content = String(line.dropFirst(indent))
            if content.isEmpty {
                blocks.append(.blank)
            } else if indent == 0 {
                if case .prose(let words) = blocks.last {
                    blocks[blocks.count - 1] = .prose(words + Self.words(content))
                } else {
                    blocks.append(.prose(Self.words(content)))
                }
            } else if case .row(let term, let description, let rowIndent) = blocks.last, indent > rowIndent + 2 {
                blocks[blocks.count - 1] = .row(
                    term: term, description: description + Self.words(content), indent: rowIndent)
            } else if let gap = content.range(of: "  ") {
                let term = String(content[..<gap.lowerBound])
                blocks.append(
                    .row(term: term, description: Self.words(String(content[gap.upperBound...])), indent: indent))
            } else {
                blocks.append(.verbatim(line))
            }
        }
        return blocks
    }
}
