/// One versioned migration file, loaded and checked: its SQL has statements, none of which manages what
/// the migrator owns.
public struct Migration: Sendable, Equatable {
    /// The version it brings the database to; `PRAGMA user_version` after it runs.
    public let version: Int32
    /// The words after the version in the file name, e.g. `create_country`.
    public let slug: String
    /// The file's name, e.g. `0001_create_country.sql`.
    public let fileName: String
    /// The file's text, with the path used in diagnostics.
    public let source: SourceText
    /// The statements, as SQLite will split them.
    ///
    /// They are split again from ``source`` on each call (linear in the file's size), so that a loaded
    /// migration holds its file and nothing in proportion to its number of statements; the migrator itself
    /// runs them one at a time without this list.
    package var statements: [SQLStatementRange] {
        var lexer = SQLLexer(bytes: source.bytes)
        return SQLStatementSplitter.statements(of: &lexer)
    }

    /// Whether the file holds comments only: a placeholder version, valid, which changes nothing but
    /// `PRAGMA user_version` (real histories keep them for versions released without a schema change).
    package var isPlaceholder: Bool {
        var lexer = SQLLexer(bytes: source.bytes)
        var position = 0
        return SQLStatementSplitter.nextStatement(of: &lexer, from: &position) == nil
    }

    /// The file's SQL text, made on each call (a copy of the whole file).
    public var sql: String { String(decoding: source.bytes, as: UTF8.self) }

    /// The path used in diagnostics, e.g. `migrations/countries/0001_create_country.sql`.
    public var path: String { source.path }

    /// Two migrations are equal when they have the same version, file name and bytes.
    public static func == (left: Migration, right: Migration) -> Bool {
        left.version == right.version && left.fileName == right.fileName && left.source.bytes == right.source.bytes
    }
}
