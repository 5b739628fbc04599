import Foundation
import Kiln

/// `schema/<database>.sql`: the schema the migrations produce at the newest version, committed beside them
/// (`kiln schema <database> --write`), which the developer edits to say what schema they want next
/// (`kiln plan`).
package enum SchemaFile {
    /// `schema/<database>.sql`, relative to the project's root.
    package static func relativePath(for database: String) -> String {
        KilnProject.schemaFileRelativePath(for: database)
    }

    /// `schema/<database>.md`, the diagram kept beside the schema file when `kiln.json` asks for it.
    package static func diagramRelativePath(for database: String) -> String {
        KilnProject.schemaDiagramRelativePath(for: database)
    }

    /// Runs the statements of `source` on a new in-memory database prepared as `migrator` prepares its
    /// connections (stand-in collations and functions, double-quoted strings).
    ///
    /// The text must be UTF-8 without a NUL byte, with every string and comment closed, and hold only `CREATE TABLE`,
    /// `CREATE [UNIQUE] INDEX`, `CREATE VIEW`, `CREATE TRIGGER` and `CREATE VIRTUAL TABLE` statements (not
    /// `TEMP` ones); anything else is refused at its first word before any statement runs.
    ///
    /// - Parameters:
    ///   - source: the schema file's text, its path as shown to the user.
    ///   - migrator: the database's migrator.
    /// - Returns: the database with that schema.
    /// - Throws: ``SchemaFileError`` at the statement that fails or is refused, ``SQLiteError`` when the
    ///   database cannot be opened, or what the migrator's ``Migrator/prepareConnection`` throws.
    package static func load(_ source: SourceText, preparedLike migrator: Migrator) throws -> SQLiteConnection {
        let source = withoutByteOrderMark(source)
        let statements = try checkedStatements(of: source)
        let connection = try SQLiteConnection(path: ":memory:")
        try migrator.prepare(connection)
        for statement in statements {
            do {
                try connection.execute(sql: String(decoding: source.bytes[statement.range], as: UTF8.self))
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: source, statements: statements)
                throw SchemaFileError(.statementFailed(error), at: location)
            }
            // `CREATE TABLE temp.x` passes the first words; what it made is in the temp schema.
            if try connection.integer(sql: "SELECT count(*) FROM temp.sqlite_schema") > 0 {
                throw SchemaFileError(
                    .notASchemaStatement(words: "an object of the temp schema"),
                    at: source.location(ofByte: statement.range.lowerBound))
            }
        }
        return connection
    }

    /// The statements of `source`, once its text is UTF-8, closes what it opens and creates only schema objects.
    ///
    /// - Throws: ``SchemaFileError`` at the first problem.
    private static func checkedStatements(of source: SourceText) throws -> [SQLStatementRange] {
        if let (offset, problem) = UTF8Validation.firstProblem(in: source.bytes) {
            throw SchemaFileError(problem == .nulByte ? .nulByte : .invalidUTF8, at: source.location(ofByte: offset))
        }
        var lexer = SQLLexer(bytes: source.bytes)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        if let problem = lexer.problems.first {
            throw SchemaFileError(.unterminated(problem.message), at: source.location(ofByte: problem.offset))
        }
        for statement in statements {
            let tokens = Array(statement.tokens.prefix(4))
            guard !createsSchemaObject(tokens, lexer: lexer), let first = tokens.first else { continue }
            let words = tokens.prefix(3).map { token in
                let text = lexer.text(of: token)
                return SQLiteGrammar.isKeyword(text) ? text.uppercased() : text
            }.joined(separator: " ")
            throw SchemaFileError(
                .notASchemaStatement(words: words), at: source.location(ofByte: first.range.lowerBound))
        }
        return statements
    }

    /// Whether a statement's first tokens say `CREATE TABLE`, `CREATE [UNIQUE] INDEX`, `CREATE VIEW`,
    /// `CREATE TRIGGER` or `CREATE VIRTUAL TABLE`.
    private static func createsSchemaObject(_ tokens: [SQLToken], lexer: SQLLexer) -> Bool {
        guard tokens.count >= 2, lexer.isWord(tokens[0], "CREATE") else { return false }
        if ["TABLE", "INDEX", "VIEW", "TRIGGER"].contains(where: { lexer.isWord(tokens[1], $0) }) { return true }
        let pairs = [("UNIQUE", "INDEX"), ("VIRTUAL", "TABLE")]
        return tokens.count >= 3 && pairs.contains { lexer.isWord(tokens[1], $0) && lexer.isWord(tokens[2], $1) }
    }
}
