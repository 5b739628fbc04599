import Kiln

/// A template placeholder in a migration (`$%AUTO_INCREMENT_PRIMARY_KEY%$`, `{{ table }}`, `${schema}`):
/// text another tool expands before it runs the SQL, which kiln runs as it is. Only placeholders outside
/// string literals, quoted identifiers and comments count: `'{{ greeting }}'` is data.
package struct TemplatePlaceholder: Sendable, Equatable {
    /// The placeholder as written, e.g. `$%AUTO_INCREMENT_PRIMARY_KEY%$`.
    package let token: String
    /// Where it starts.
    package let location: SourceLocation

    /// The opening and closing marks kiln recognizes.
    static let marks: [(open: String, close: String)] = [("$%", "%$"), ("{{", "}}"), ("${", "}")]

    /// Every placeholder in `source`, in order.
    ///
    /// - Returns: the placeholders; none for plain SQL.
    package static func all(in source: SourceText) -> [TemplatePlaceholder] {
        var lexer = SQLLexer(bytes: source.bytes)
        let bytes = source.bytes
        var found: [TemplatePlaceholder] = []
        var end = 0
        for token in lexer.tokens() where token.range.lowerBound >= end {
            switch token.kind {
            case .string, .blob, .quotedIdentifier: continue
            default: break
            }
            let start = token.range.lowerBound
            for mark in marks where bytes[start...].starts(with: mark.open.utf8) {
                let rest = bytes[(start + mark.open.utf8.count)...]
                let lineEnd = rest.firstIndex(of: 0x0A) ?? bytes.endIndex
                let close = Array(mark.close.utf8)
                let stop = (rest.startIndex..<lineEnd).first { bytes[$0...].starts(with: close) }
                end = stop.map { $0 + close.count } ?? lineEnd
                found.append(
                    TemplatePlaceholder(
                        token: String(decoding: bytes[start..<end], as: UTF8.self),
                        location: source.location(ofByte: start)))
                break
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
