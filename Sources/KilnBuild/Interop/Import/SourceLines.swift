/// The lines of a file's bytes, for the tools whose markers are whole comment lines (`-- +goose Up`,
/// `-- migrate:up`).
struct SourceLines {
    /// One line: where it starts, where its text ends (before `\r\n` or `\n`), its text.
    struct Line {
        /// The offset of the line's first byte.
        let start: Int
        /// The line's text without the line break.
        let text: String
    }

    /// The lines, in order.
    let lines: [Line]

    /// Splits `bytes` at `\n`, dropping a `\r` before it.
    init(_ bytes: [UInt8]) {
        var result: [Line] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var textEnd = end
            if textEnd > start, bytes[textEnd - 1] == 0x0D { textEnd -= 1 }
            result.append(Line(start: start, text: String(decoding: bytes[start..<textEnd], as: UTF8.self)))
            start = end + 1
        }
        lines = result
    }

    /// The text of a comment line after `--` and any white space, lowercased and trimmed; nil for a line
    /// that does not start with `--` in its first column.
    static func commentText(_ line: Line) -> String? {
        guard line.text.hasPrefix("--") else { return nil }
        return line.text.dropFirst(2).trimmingWhitespace().lowercased()
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
