import Foundation
import Kiln

/// Where each object of a schema file is created: the name a `CREATE TABLE/INDEX/VIEW/TRIGGER` statement
/// gives, read by tokens, with the location of the statement's first token.
struct SchemaFileObjects {
    /// The objects' names and where their statements start, in the file's order.
    let objects: [(name: String, location: SourceLocation)]
    /// The file.
    let source: SourceText

    /// The objects of `source`.
    init(_ source: SourceText) {
        self.source = source
        var lexer = SQLLexer(bytes: source.bytes)
        var found: [(String, SourceLocation)] = []
        for statement in SQLStatementSplitter.statements(of: &lexer) {
            let tokens = statement.tokens
            guard let first = tokens.first, lexer.isWord(first, "CREATE"), let name = Self.name(in: tokens, lexer)
            else { continue }
            found.append((name, source.location(ofByte: first.range.lowerBound)))
        }
        objects = found
    }

    /// The name a CREATE statement's tokens give: after the object keyword and `IF NOT EXISTS`, without a
    /// schema qualifier.
    private static func name(in tokens: [SQLToken], _ lexer: SQLLexer) -> String? {
        let kinds = ["TABLE", "INDEX", "VIEW", "TRIGGER"]
        guard var index = tokens.firstIndex(where: { token in kinds.contains { lexer.isWord(token, $0) } }) else {
            return nil
        }
        index += 1
        if index + 2 < tokens.count, lexer.isWord(tokens[index], "IF") { index += 3 }
        if index + 2 < tokens.count, lexer.text(of: tokens[index + 1]) == "." { index += 2 }
        return index < tokens.count ? lexer.identifier(of: tokens[index]) : nil
    }

    /// Where the object `name` is created (names compared as SQLite compares them), or the file's start.
    func location(of name: String) -> SourceLocation {
        objects.first { $0.name.isSameIdentifier(as: name) }?.location
            ?? SourceLocation(path: source.path, line: 1, column: 1)
    }

    /// Where the object named in `text` is created: one named in double quotes first (kiln's messages quote
    /// names), else one named as a plain word, the longest name first so that `item` does not claim
    /// `item_tag`'s text.
    func location(ofObjectNamedIn text: String) -> SourceLocation? {
        let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map { $0.lowercased() })
        let byLength = objects.sorted { $0.name.count > $1.name.count }
        let named = byLength.first { object in text.lowercased().contains(quoted(object.name.lowercased())) }
        return (named ?? byLength.first { words.contains($0.name.lowercased()) })?.location
    }

    /// Where the object a planned statement is about is created: the first name among its tokens that the
    /// file creates (`CREATE TABLE tag (… REFERENCES item)` is about `tag`; the copy into `"new_book"` from
    /// `"book"` is about `book`).
    func location(ofObjectIn statement: String) -> SourceLocation? {
        var lexer = SQLLexer(statement)
        for token in lexer.tokens() {
            guard let name = lexer.identifier(of: token)?.identifierKey else { continue }
            if let object = objects.first(where: { $0.name.identifierKey == name }) { return object.location }
        }
        return nil
    }

    /// `error` located at the object it is about, when the file creates one; else at the file's start.
    func locate(_ error: SchemaPlanError) -> SchemaPlanError {
        let text: String
        switch error.reason {
        case .dataLossRefused(let losses): text = losses.joined(separator: "\n")
        case .unsupported(let object, _): text = object
        case .renameTargetMissing(let rename): text = rename.description
        case .renamedTableMissing, .renamedColumnMissing: return error
        }
        let start = SourceLocation(path: source.path, line: 1, column: 1)
        return error.located(at: location(ofObjectNamedIn: text) ?? start)
    }

    /// `error` located at the schema file's object it names (a table whose rows changed, an object that
    /// differs), when it has no location of its own.
    func locate(_ error: PlanVerificationError) -> PlanVerificationError {
        guard error.location == nil else { return error }
        switch error.reason {
        case .schemaDiffers(let differences):
            let text = differences.map { "\($0.name) \($0.description)" }.joined(separator: "\n")
            return PlanVerificationError(error.reason, at: location(ofObjectNamedIn: text), statement: error.statement)
        case .rowsChanged(let table, _, _, _, _):
            return PlanVerificationError(error.reason, at: location(ofObjectNamedIn: table), statement: error.statement)
        case .migrationFailed, .failsCheck:
            // The planned migration was not written: point at the schema file's object its statement is about.
            let start = SourceLocation(path: source.path, line: 1, column: 1)
            let about = error.statement.flatMap { location(ofObjectIn: $0) }
            let named = location(ofObjectNamedIn: error.diagnostics.map(\.message).joined(separator: "\n"))
            return PlanVerificationError(error.reason, at: about ?? named ?? start, statement: error.statement)
        }
    }

    /// `error` located at the schema file's object its statement reads (a table whose rows were being copied
    /// or compared), when it has no location of its own; else at the file's start.
    func locate(_ error: PlanSQLiteError) -> PlanSQLiteError {
        guard error.location == nil else { return error }
        let about = error.activity == .readingSchemaFile ? nil : error.error.sql.flatMap { location(ofObjectIn: $0) }
        return PlanSQLiteError(
            error.activity, error.error, at: about ?? SourceLocation(path: source.path, line: 1, column: 1))
    }
}
