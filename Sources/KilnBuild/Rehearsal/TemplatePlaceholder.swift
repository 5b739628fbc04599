import Kiln

/// A template placeholder in a migration (`$%AUTO_INCREMENT_PRIMARY_KEY%$`, `{{ table }}`, `${schema}`):
/// text another tool expands before it runs the SQL, which kiln runs as it is. Only placeholders outside
/// string literals, quoted identifiers and comments count: `'{{ greeting }}'` is data. ``occurrences(in:counting:)``
/// is the one rule that finds them, for `kiln import` too.
package struct TemplatePlaceholder: Sendable, Equatable {
    /// The placeholder as written, e.g. `$%AUTO_INCREMENT_PRIMARY_KEY%$`.
    package let token: String
    /// Where it starts.
    package let location: SourceLocation

    /// The opening and closing marks kiln recognizes.
    static let marks: [(open: [UInt8], close: [UInt8])] = [
        (Array("$%".utf8), Array("%$".utf8)), (Array("{{".utf8), Array("}}".utf8)), (Array("${".utf8), Array("}".utf8)),
    ]

    /// Every placeholder in `source`, in order, outside strings, blobs, quoted identifiers and comments.
    ///
    /// - Returns: the placeholders; none for plain SQL.
    package static func all(in source: SourceText) -> [TemplatePlaceholder] {
        let ignored: [SQLToken.Kind] = [.string, .blob, .quotedIdentifier]
        return occurrences(in: source.bytes[...], counting: { !ignored.contains($0) }).map {
            TemplatePlaceholder(token: $0.text, location: source.location(ofByte: $0.offset))
        }
    }

    /// The one rule for finding placeholders: an opening mark at any byte of a token of `bytes` that `counts`
    /// accepts (a comment is never a token), running to its closing mark on the same line, or to the end of
    /// the line when it has none there. Marks within a placeholder found start none of their own.
    ///
    /// - Returns: each placeholder's offset in `bytes` (indices of the slice) and its text, in order.
    package static func occurrences(
        in bytes: ArraySlice<UInt8>, counting counts: (SQLToken.Kind) -> Bool
    ) -> [(offset: Int, text: String)] {
        var lexer = SQLLexer(bytes: Array(bytes))
        let local = lexer.bytes
        var found: [(offset: Int, text: String)] = []
        var end = 0
        for token in lexer.tokens() where counts(token.kind) {
            var index = max(token.range.lowerBound, end)
            while index < token.range.upperBound {
                guard let mark = marks.first(where: { local[index...].starts(with: $0.open) }) else {
                    index += 1
                    continue
                }
                let rest = index + mark.open.count
                let lineEnd = local[rest...].firstIndex(of: 0x0A) ?? local.endIndex
                let close = (rest..<lineEnd).first { local[$0...].starts(with: mark.close) }
                end = close.map { $0 + mark.close.count } ?? lineEnd
                found.append((bytes.startIndex + index, String(decoding: local[index..<end], as: UTF8.self)))
                index = end
            }
        }
        return found
    }

    /// A check finding per placeholder of every migration.
    ///
    /// - Returns: the findings, errors.
    static func findings(_ set: MigrationSet) -> [CheckFinding] {
        set.migrations.untilInterrupted.flatMap { migration in
            all(in: migration.source).map { CheckFinding(.templatePlaceholder(token: $0.token), at: $0.location) }
        }
    }
}
