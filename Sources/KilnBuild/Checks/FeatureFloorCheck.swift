import Kiln

/// Fails SQL (migrations and app queries) that uses a feature the app's oldest supported SQLite lacks.
enum FeatureFloorCheck {
    static func check(source: SourceText, statements: [SQLStatementRange], floor: SQLiteVersion) -> [Diagnostic] {
        let lexer = SQLLexer(bytes: source.bytes)
        var diagnostics: [Diagnostic] = []
        for statement in statements {
            for use in SQLiteFeatures.uses(in: statement, lexer: lexer) where use.introduced > floor {
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "\(use.feature) needs SQLite \(use.introduced), but the app supports SQLite \(floor) (minimumSQLite in kiln.json)",
                        at: source.location(ofByte: use.token.range.lowerBound),
                        hint:
                            "write it without \(use.feature), or raise minimumSQLite with the app's deployment target",
                        code: "feature-too-new"))
            }
        }
        return diagnostics
    }
}

/// A SQL file split into statements without a database (`queries/<database>.sql`).
struct SQLFile {
    let source: SourceText
    let statements: [SQLStatementRange]

    init(path: String, displayPath: String) throws {
        source = SourceText(path: displayPath, bytes: try FileSystem.contents(of: path))
        var lexer = SQLLexer(bytes: source.bytes)
        statements = SQLStatementSplitter.statements(of: &lexer)
    }

    /// The text of one statement.
    func text(of statement: SQLStatementRange) -> String {
        String(decoding: source.bytes[statement.range], as: UTF8.self)
    }
}
