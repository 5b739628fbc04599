import Foundation
import Kiln

/// What reading schema text gives (a table's CHECK hints, the JSON columns a statement uses), remembered by
/// the text itself: a chain of versions repeats the same `CREATE TABLE` and `CREATE INDEX` statements at every
/// version, and these are pure functions of the text, so remembering them changes no result.
final class SchemaTextCache: @unchecked Sendable {
    /// The process's cache.
    static let shared = SchemaTextCache()

    private let lock = NSLock()
    private var hints: [String: [SQLIdentifierKey: ColumnHints]] = [:]
    private var jsonColumns: [String: Set<SQLIdentifierKey>] = [:]
    private var messageNames: [String: [SQLIdentifierKey]] = [:]

    /// ``ColumnHints/read(sql:columns:)``, remembered by `sql` and the column list.
    ///
    /// - Returns: hints keyed by column name.
    func hints(sql: String, columns: [String]) -> [SQLIdentifierKey: ColumnHints] {
        let key = sql + "\u{0}" + columns.joined(separator: "\u{0}")
        if let known = lock.withLock({ hints[key] }) { return known }
        let read = ColumnHints.read(sql: sql, columns: columns)
        lock.withLock { hints[key] = read }
        return read
    }

    /// `read(sql)`, remembered by `sql`.
    ///
    /// - Returns: the column names `sql` reads as JSON.
    func jsonColumns(sql: String, read: (String) -> Set<SQLIdentifierKey>) -> Set<SQLIdentifierKey> {
        if let known = lock.withLock({ jsonColumns[sql] }) { return known }
        let names = read(sql)
        lock.withLock { jsonColumns[sql] = names }
        return names
    }

    /// The identifiers an error message of SQLite names after its first `": "`, leaving out table names
    /// (those before a dot): the columns of `NOT NULL constraint failed: t.c`, of `UNIQUE constraint failed:
    /// t.a, t.b`, or named in the expression of `CHECK constraint failed: a > 0`.
    ///
    /// - Returns: the names, as SQLite compares them.
    func names(inMessage message: String) -> [SQLIdentifierKey] {
        if let known = lock.withLock({ messageNames[message] }) { return known }
        let detail = message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? message
        var lexer = SQLLexer(detail)
        let tokens = lexer.tokens()
        var names: [SQLIdentifierKey] = []
        for (index, token) in tokens.enumerated() {
            let qualifier = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "."
            if !qualifier, let name = lexer.identifier(of: token) { names.append(name.identifierKey) }
        }
        lock.withLock { messageNames[message] = names }
        return names
    }
}
