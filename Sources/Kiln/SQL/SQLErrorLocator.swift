/// Finds where in a SQL file (a migration, an app's queries) an error belongs.
///
/// SQLite gives a byte offset for syntax errors and some others (`sqlite3_error_offset`). Where it gives
/// none, as for `no such table: x`, the error's message names an object, and the locator points at that name
/// inside the failing statement; failing that, at the statement's first token.
package enum SQLErrorLocator {
    /// Messages whose text after the prefix is the name at fault.
    private static let namePrefixes = [
        "no such table: ", "no such column: ", "no such index: ", "no such view: ", "no such trigger: ",
        "no such function: ", "no such collation sequence: ", "duplicate column name: ", "no such savepoint: ",
        "unknown database ",
    ]

    /// The location of a failure while running `migration`'s statements.
    static func locate(_ failure: SQLiteScriptFailure, in migration: Migration) -> SourceLocation {
        locate(
            failure.error, statementStart: failure.statementStart, source: migration.source,
            statements: migration.statements)
    }

    /// The location of `error`, raised by the statement whose text SQLite began reading at byte
    /// `statementStart` of `source` (white space before the statement included).
    package static func locate(
        _ error: SQLiteError, statementStart: Int, source: SourceText, statements: [SQLStatementRange]
    ) -> SourceLocation {
        if let offset = error.offset {
            return source.location(ofByte: statementStart + offset)
        }
        // The statement SQLite was running: the first one that starts at or after where it began reading.
        guard let statement = statements.first(where: { $0.range.lowerBound >= statementStart }) else {
            return source.location(ofByte: statementStart)
        }
        if let name = blamedName(in: error.message), let token = token(named: name, in: statement, source: source) {
            return source.location(ofByte: token.range.lowerBound)
        }
        return source.location(ofByte: statement.range.lowerBound)
    }

    /// The object an error message names, without a schema or table qualifier.
    static func blamedName(in message: String) -> String? {
        var name: Substring?
        for prefix in namePrefixes where message.hasPrefix(prefix) {
            name = message.dropFirst(prefix.count)
        }
        if name == nil, message.hasSuffix(" already exists") {
            // "table x already exists", "index x already exists", "trigger x already exists"
            let words = message.dropLast(" already exists".count).split(separator: " ", maxSplits: 1)
            if words.count == 2 { name = words[1] }
        }
        if name == nil, let range = message.range(of: " has no column named ") {
            // "table t has no column named x", from an INSERT's column list
            name = message[range.upperBound...]
        }
        guard var found = name else { return nil }
        if let dot = found.lastIndex(of: ".") { found = found[found.index(after: dot)...] }
        found = found.split(separator: "(").first ?? found
        let trimmed = trimming(found, [" ", "\""])
        return trimmed.isEmpty ? nil : trimmed
    }

    static func token(named name: String, in statement: SQLStatementRange, source: SourceText) -> SQLToken? {
        let lexer = SQLLexer(bytes: source.bytes)
        let wanted = name.identifierKey
        return statement.tokens.first { lexer.identifier(of: $0)?.identifierKey == wanted }
    }

    /// `text` without the characters of `set` at either end.
    private static func trimming(_ text: Substring, _ set: Set<Character>) -> String {
        String(text.drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
