import Kiln

/// A SQL file split into statements without a database (`queries/<database>.sql`, fixtures).
struct SQLFile {
    let source: SourceText
    let statements: [SQLStatementRange]

    /// Reads and splits the file at `path`, naming it `displayPath` in locations: text held to the rule of
    /// every SQL file kiln reads (UTF-8, no NUL byte).
    ///
    /// - Throws: ``FileSystemError`` when it cannot be read; ``SQLFileError`` at the first byte that is no text.
    init(path: String, displayPath: String) throws {
        source = SourceText(path: displayPath, bytes: try FileSystem.contents(of: path))
        if let (offset, problem) = UTF8Validation.firstProblem(in: source.bytes) {
            throw SQLFileError(problem == .nulByte ? .nulByte : .invalidUTF8, at: source.location(ofByte: offset))
        }
        var lexer = SQLLexer(bytes: source.bytes)
        statements = SQLStatementSplitter.statements(of: &lexer)
    }

    /// The text of one statement.
    ///
    /// - Returns: the statement's SQL.
    func text(of statement: SQLStatementRange) -> String {
        String(decoding: source.bytes[statement.range], as: UTF8.self)
    }
}
