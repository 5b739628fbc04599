import Foundation
import Kiln

/// `schema/<database>.sql`: the schema the migrations produce at the newest version, committed beside them
/// (`kiln schema <database> --write`), which the developer edits to say what schema they want next
/// (`kiln plan`).
public enum SchemaFile {
    /// `schema/<database>.sql`, relative to the project's root.
    public static func relativePath(for database: String) -> String { "schema/\(database).sql" }

    /// Runs the statements of `source` on a new in-memory database prepared as `migrator` prepares its
    /// connections (stand-in collations and functions, double-quoted strings).
    ///
    /// - Parameters:
    ///   - source: the schema file's text, its path as shown to the user.
    ///   - migrator: the database's migrator.
    /// - Returns: the database with that schema.
    /// - Throws: ``SchemaFileError`` at the statement that fails, ``SQLiteError`` when the database cannot
    ///   be opened, or what the migrator's ``Migrator/prepareConnection`` throws.
    public static func load(_ source: SourceText, preparedLike migrator: Migrator) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        if migrator.doubleQuotedStringLiterals { try connection.allowDoubleQuotedStringLiterals(true) }
        try migrator.prepareConnection?(connection)
        var lexer = SQLLexer(bytes: source.bytes)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        for statement in statements {
            do {
                try connection.execute(sql: String(decoding: source.bytes[statement.range], as: UTF8.self))
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: source, statements: statements)
                throw SchemaFileError(.statementFailed(error), at: location)
            }
        }
        return connection
    }
}

/// A schema file that cannot be used.
public struct SchemaFileError: DiagnosticError, Equatable {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// A statement failed; SQLite's error.
        case statementFailed(SQLiteError)
    }

    /// What is wrong.
    public let reason: Reason
    /// Where.
    public let location: SourceLocation

    /// An error at `location`.
    public init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// One located error.
    public var diagnostics: [Diagnostic] {
        switch reason {
        case .statementFailed(let error):
            [Diagnostic(.error, error.message, at: location, hint: "fix the schema file; it must hold CREATE statements")]
        }
    }
}
