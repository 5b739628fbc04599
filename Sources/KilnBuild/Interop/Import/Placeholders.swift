import Kiln

/// Templating placeholders the source tools expand when they run a file (goose's `${VAR}` under
/// `ENVSUB ON`, Flyway's `${name}`, Go templates' `{{ .Env }}`, dialect placeholders such as
/// `$%AUTO_INCREMENT_PRIMARY_KEY%$`): kiln runs SQL as written, so each one is refused where it is. Only
/// SQL counts, not comments: a placeholder is found where a token of SQLite's tokenizer covers it (a string
/// literal only for the tools that expand placeholders inside strings).
enum Placeholders {
    /// The openings and closings of the placeholder syntaxes.
    private static let syntaxes: [(open: [UInt8], close: [UInt8])] = [
        (Array("${".utf8), Array("}".utf8)), (Array("{{".utf8), Array("}}".utf8)), (Array("$%".utf8), Array("%$".utf8)),
    ]

    /// The first placeholder in `range` of `bytes` outside comments (and outside string literals unless
    /// `inStrings`): its offset and text.
    ///
    /// - Returns: nil when there is none.
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed, checked every 64 KiB.
    static func first(in bytes: [UInt8], range: Range<Int>, inStrings: Bool) throws -> (offset: Int, text: String)? {
        var lexer = SQLLexer(bytes: Array(bytes[range]))
        let covered = lexer.tokens().filter { inStrings || $0.kind != .string }.map(\.range)
        var found: (offset: Int, text: String)?
        for (open, close) in syntaxes {
            var index = 0
            let local = lexer.bytes
            while index + open.count <= local.count {
                defer { index += 1 }
                if index & 0xFFFF == 0 { try SQLiteInterrupt.check() }
                guard Array(local[index..<index + open.count]) == open,
                    covered.contains(where: { $0.contains(index) })
                else { continue }
                let end = search(close, in: local, from: index + open.count) ?? min(local.count, index + 40)
                let offset = range.lowerBound + index
                if offset < found?.offset ?? Int.max {
                    found = (offset, String(decoding: local[index..<end], as: UTF8.self))
                }
                break
            }
        }
        return found
    }

    /// The offset just after the first `needle` at or after `start`.
    private static func search(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if Array(bytes[index..<index + needle.count]) == needle { return index + needle.count }
            index += 1
        }
        return nil
    }
}
