/// The one rule for every piece of text kiln writes into SQL it generates (planned migrations, schema files,
/// the templates of `kiln new` and `kiln init`, and the statements kiln runs itself): a name is always an
/// identifier, a value always a string, and a comment always one line of comment, whatever characters they
/// hold, so no name, value or message can end its token early and become SQL.
///
/// - Identifiers are double-quoted with inner `"` doubled (``quotedIdentifier(_:)``, spelled ``quoted(_:)``
///   everywhere), or bare only where SQLite reads the bare word as that same name (``identifier(_:)``).
/// - String literals are single-quoted with inner `'` doubled (``literal(_:)``). SQL text cannot carry a NUL
///   (SQLite stops reading there), so text holding one is written as the concatenation of its parts with
///   `char(0)`: an expression, in parentheses, that SQLite evaluates to exactly that text.
/// - Comments are line comments (`-- `, ``lineComments(_:)``); kiln writes no block comments, so a `*/` in
///   one closes nothing. A comment never holds a character that ends a line or steers how text is shown:
///   ``commentText(_:)`` writes each control character (C0 and C1: line feed, carriage return, tab, NEL…),
///   the line and paragraph separators U+2028 and U+2029, and Unicode's bidirectional controls as an escape
///   (`\n`, `\r`, `\t`, `\u{85}`, `\u{2028}`), and everything else as it is: ``OneLineText``, the rule
///   diagnostics follow too.
///
/// A name cannot hold a NUL either: no SQL text can create one, so no schema has one. Every file kiln plans is
/// also checked to split back into exactly the statements it meant (``mismatch(in:expected:)``).
package enum SQLText {
    /// `name` double-quoted, inner double quotes doubled: always read as exactly this identifier.
    package static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `name` bare when SQLite reads the bare word as this same name (a plain ASCII word that starts with no
    /// digit, is no keyword, as `sqlite3_keyword_check` tells, and is no word SQLite may read as a value,
    /// `true` or `false`), else double-quoted.
    package static func identifier(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, !(first >= 48 && first <= 57) else { return quotedIdentifier(name) }
        let isPlain = bytes.allSatisfy { byte in
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
                || byte == UInt8(ascii: "_")
        }
        let isBare = isPlain && !SQLiteGrammar.isKeyword(name) && !SchemaText.readsAsValue(name)
        return isBare ? name : quotedIdentifier(name)
    }

    /// `text` as an SQL string: `'…'` with inner single quotes doubled; text holding a NUL as
    /// `('…' || char(0) || '…')`, which is the same text.
    package static func literal(_ text: String) -> String {
        let quote = { (part: String) in "'" + part.replacingOccurrences(of: "'", with: "''") + "'" }
        guard text.unicodeScalars.contains("\u{0}") else { return quote(text) }
        let parts = text.unicodeScalars.split(separator: "\u{0}", omittingEmptySubsequences: false).map {
            quote(String(String.UnicodeScalarView($0)))
        }
        return "(" + parts.joined(separator: " || char(0) || ") + ")"
    }

    /// `text` as it may stand in a line comment: each character a comment must not carry (see ``SQLText``)
    /// written as an escape, everything else as it is.
    package static func commentText(_ text: String) -> String { OneLineText.escaped(text) }

    /// `lines` as line comments: each `-- ` and its ``commentText(_:)`` (an empty one as `--`), ending in a
    /// line feed.
    package static func lineComments(_ lines: [String]) -> String {
        lines.map { $0.isEmpty ? "--\n" : "-- " + commentText($0) + "\n" }.joined()
    }
}

/// `name` as an identifier: ``SQLText/quotedIdentifier(_:)``, the spelling every SQL text kiln builds uses.
package func quoted(_ identifier: String) -> String { SQLText.quotedIdentifier(identifier) }
