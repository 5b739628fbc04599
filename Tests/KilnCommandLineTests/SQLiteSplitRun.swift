@testable import Kiln

/// SQL text run the way SQLite itself splits it, with none of kiln's splitting: `sqlite3_prepare_v2` is given
/// the whole rest of the text, its tail pointer says where the next statement starts, and each statement
/// runs before the next is prepared (so it sees the tables the one before made).
struct SQLiteSplitRun {
    /// Each statement's own text, as SQLite read it: from its first token through its `;`, without the blank
    /// and `--` lines before it.
    var statements: [String] = []
    /// The lines before each statement and after the last one, which SQLite skipped.
    var skippedLines: [String] = []
    /// The text SQLite read before a statement that did not start at a line of its own after the comment
    /// lines, or after the last statement, which is neither a blank line nor a `--` line; nil when there is none.
    var strayText: String?

    /// Runs `text` on `connection`.
    ///
    /// - Throws: ``SQLiteError`` when a statement does not prepare or run.
    init(_ text: String, on connection: SQLiteConnection) throws {
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)
        var read: [String] = []
        try bytes.withUnsafeBufferPointer { buffer in
            guard let address = buffer.baseAddress else { return }
            let base = UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self)
            var offset = 0
            while offset < count,
                let (statement, consumed) = try connection.prepareFirst(base + offset, byteCount: count - offset)
            {
                read.append(String(decoding: buffer[offset..<offset + consumed], as: UTF8.self))
                try statement.run()
                offset += consumed
            }
            read.append(String(decoding: buffer[offset..<count], as: UTF8.self))
        }
        for (index, part) in read.enumerated() { take(part, isLast: index == read.count - 1) }
    }

    /// Splits what SQLite read for one statement into the lines it skipped and the statement.
    private mutating func take(_ part: String, isLast: Bool) {
        var lines = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let first = lines.first, first.isEmpty || first.hasPrefix("--") {
            skippedLines.append(first)
            lines.removeFirst()
        }
        let rest = lines.joined(separator: "\n")
        if isLast {
            if !rest.isEmpty { strayText = strayText ?? rest }
        } else if rest.isEmpty || !rest.hasSuffix(";") {
            strayText = strayText ?? part
        } else {
            statements.append(rest)
        }
    }

    /// The skipped lines that hold a character a comment must not carry: a control character (C0, DEL, C1),
    /// U+2028 or U+2029.
    var commentLinesWithControls: [String] {
        skippedLines.filter { line in
            line.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                    || scalar == "\u{2029}"
            }
        }
    }
}
