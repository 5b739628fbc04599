import Kiln

/// One stored `CREATE` statement without the comments written inside it, and those comments' words: SQLite
/// stores a statement from its first word to its last token as written, so a note the developer wrote inside
/// a column list of the schema file would otherwise reach every device's `sqlite_schema`.
///
/// Read by tokens (``SQLLexer``): what lies between two tokens is white space and comments only, so a `--` or
/// `/*` inside a string or a quoted name is never taken for one. Every token is kept byte for byte, and so is
/// the white space around a comment but for the blanks that ended up at the end of a line, or the whole line
/// when the comment was alone on it; two tokens a comment separated on one line keep one space between them,
/// unless one is punctuation no neighbour joins (`(` before, `,` `)` `;` after). What follows the last token
/// (a view's trailing `-- note`, which SQLite keeps) goes when it holds a comment.
struct StatementComments {
    /// The statement without its comments.
    let text: String
    /// Each comment's words on one line, without its `--` or `/* */`, in the order written; a comment
    /// without words is left out.
    let comments: [String]

    /// Reads `sql`, one statement.
    init(_ sql: String) {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        let bytes = lexer.bytes
        var output: [UInt8] = []
        var found: [String] = []
        var position = 0
        for (index, token) in tokens.enumerated() {
            var gap = Gap(
                bytes[position..<token.range.lowerBound], isLeading: index == 0,
                separates: index > 0 && Self.mayTouch(lexer.text(of: tokens[index - 1]), lexer.text(of: token)))
            gap.removeComments()
            output += gap.kept
            found += gap.comments
            output += bytes[token.range]
            position = token.range.upperBound
        }
        var trailing = Gap(bytes[position...], isLeading: tokens.isEmpty, separates: false)
        trailing.removeComments()
        if trailing.comments.isEmpty { output += bytes[position...] }
        found += trailing.comments
        text = String(decoding: output, as: UTF8.self)
        comments = found.filter { !$0.isEmpty }
    }

    /// Whether the tokens `before` and `after` could read as others, or not at all, without white space between
    /// them: always, unless `before` is `(` or `after` is `,`, `)` or `;`, which join no neighbour into another
    /// token.
    private static func mayTouch(_ before: String, _ after: String) -> Bool {
        !(before == "(" || [",", ")", ";"].contains(after))
    }

    /// The bytes between two tokens (or before the first, or after the last): white space and comments.
    private struct Gap {
        let bytes: ArraySlice<UInt8>
        /// Whether it comes before the first token, where a comment starts a line.
        let isLeading: Bool
        /// Whether the tokens on either side need white space between them.
        let separates: Bool
        /// What is kept of it.
        var kept: [UInt8] = []
        /// The words of the comments taken out of it.
        var comments: [String] = []

        init(_ bytes: ArraySlice<UInt8>, isLeading: Bool, separates: Bool) {
            self.bytes = bytes
            self.isLeading = isLeading
            self.separates = separates
        }

        /// Fills ``kept`` and ``comments``.
        mutating func removeComments() {
            var index = bytes.startIndex
            while index < bytes.endIndex {
                guard let end = commentEnd(at: index) else {
                    kept.append(bytes[index])
                    index += 1
                    continue
                }
                comments.append(Self.words(of: bytes[index..<end]))
                index = remove(commentEndingAt: end)
            }
            // What a comment left on one line is one space, where the tokens need one.
            if !comments.isEmpty, kept.allSatisfy(Self.isBlank) { kept = separates ? [UInt8(ascii: " ")] : [] }
        }

        /// Drops the blanks around the comment that ends at `end`: those before it when nothing follows it on
        /// its line, those after it when a token does, and its whole line when it was alone on it. Returns
        /// where reading goes on.
        private mutating func remove(commentEndingAt end: Int) -> Int {
            var blanksBefore = 0
            while blanksBefore < kept.count, Self.isBlank(kept[kept.count - 1 - blanksBefore]) { blanksBefore += 1 }
            let startsLine = kept.count == blanksBefore ? isLeading : kept[kept.count - 1 - blanksBefore] == .newline
            let next = Self.skipBlanks(bytes, from: end)
            let lineBreak = lineBreakLength(at: next)
            switch (startsLine, lineBreak > 0) {
            case (true, true):
                kept.removeLast(blanksBefore)
                return next + lineBreak
            case (true, false): return next
            case (false, true):
                kept.removeLast(blanksBefore)
                return next
            case (false, false): return blanksBefore > 0 ? next : end
            }
        }

        /// 1 for a LF at `index`, 2 for a CR LF, else 0.
        private func lineBreakLength(at index: Int) -> Int {
            guard index < bytes.endIndex else { return 0 }
            if bytes[index] == .newline { return 1 }
            let isCRLF = bytes[index] == .carriageReturn && index + 1 < bytes.endIndex && bytes[index + 1] == .newline
            return isCRLF ? 2 : 0
        }

        /// Where the comment starting at `index` ends, or nil when none starts there. A `--` comment ends
        /// before its line break (and the carriage return of a CR LF); a `/*` one after its `*/`, or at the
        /// end of the text.
        private func commentEnd(at index: Int) -> Int? {
            guard index + 1 < bytes.endIndex else { return nil }
            let pair = (bytes[index], bytes[index + 1])
            if pair == (UInt8(ascii: "-"), UInt8(ascii: "-")) {
                var end = bytes[index...].firstIndex(of: .newline) ?? bytes.endIndex
                if end > index + 2, end < bytes.endIndex, bytes[end - 1] == .carriageReturn { end -= 1 }
                return end
            }
            guard pair == (UInt8(ascii: "/"), UInt8(ascii: "*")) else { return nil }
            var end = index + 2
            while end + 1 < bytes.endIndex, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                end += 1
            }
            return end + 1 < bytes.endIndex ? end + 2 : bytes.endIndex
        }

        /// A comment's words: without its markers, each line trimmed, the lines joined by a space.
        static func words(of comment: ArraySlice<UInt8>) -> String {
            var inside = comment.dropFirst(2)
            if comment.first == UInt8(ascii: "/"), inside.count >= 2, inside.suffix(2).elementsEqual("*/".utf8) {
                inside = inside.dropLast(2)
            }
            let lines = String(decoding: inside, as: UTF8.self).split(omittingEmptySubsequences: true) {
                $0 == "\n" || $0 == "\r\n" || $0 == "\r"
            }
            return lines.map { $0.trimmingBlanks() }.filter { !$0.isEmpty }.joined(separator: " ")
        }

        static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

        static func skipBlanks(_ bytes: ArraySlice<UInt8>, from index: Int) -> Int {
            var index = index
            while index < bytes.endIndex, isBlank(bytes[index]) { index += 1 }
            return index
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
}

extension Substring {
    /// Without the spaces, tabs, form feeds and carriage returns at either end.
    fileprivate func trimmingBlanks() -> String {
        let blanks: Set<Character> = [" ", "\t", "\u{0C}", "\r"]
        return String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}
