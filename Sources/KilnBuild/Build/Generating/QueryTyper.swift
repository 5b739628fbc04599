import Kiln

/// Types the named queries of a queries file by preparing each on a database at the newest schema and asking
/// SQLite about its result columns and parameters (``ColumnTypes``, ``ResultNullability``,
/// ``ParameterTypes``).
struct QueryTyper {
    /// The queries file.
    let file: SQLFile
    /// A database at the newest version.
    let connection: SQLiteConnection
    /// Its schema, as SQLite reports it.
    let schema: SchemaModel

    /// Each query of `queries`, typed.
    ///
    /// - Throws: ``NamedQueryError`` with the problems of every query, located in the file.
    func typed(_ queries: [NamedQuery]) throws -> [TypedQuery] {
        var typed: [TypedQuery] = []
        var problems: [NamedQueryError.Problem] = []
        for query in queries {
            do {
                typed.append(try self.typed(query))
            } catch let error as NamedQueryError {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw NamedQueryError(problems) }
        return typed
    }

    /// One query, typed.
    private func typed(_ query: NamedQuery) throws -> TypedQuery {
        let sql = query.sql(in: file)
        let collector = AuthorizationCollector()
        let statement: SQLiteStatement
        let nullability: ResultNullability
        let words = query.statement.tokens.filter { $0.kind == .word }.map { file.lexer.text(of: $0).uppercased() }
        do {
            statement = try connection.observingAuthorizations(
                { collector.events.append($0) }, during: { try connection.prepare(sql: sql) })
            nullability = try ResultNullability.of(sql: sql, words: words, on: connection)
        } catch let error as SQLiteError {
            let location = SQLErrorLocator.locate(
                error, statementStart: query.statement.range.lowerBound, source: file.source,
                statements: file.statements)
            throw NamedQueryError([.init(.unpreparable(query: query.name, message: error.message), at: location)])
        }
        var problems: [NamedQueryError.Problem] = []
        if statement.columnCount == 0, query.shape != .exec {
            problems.append(.init(.noResultColumns(query: query.name, shape: query.shape), at: query.nameLocation))
        }
        let columns = self.columns(of: statement, query: query, nullability: nullability, problems: &problems)
        let parameters = self.parameters(of: statement, query: query, events: collector.events, problems: &problems)
        if !problems.isEmpty { throw NamedQueryError(problems) }
        return TypedQuery(query: query, sql: sql, columns: columns, parameters: parameters)
    }

    /// The location of the token that writes `name` (an alias), or of the statement.
    func location(ofName name: String, in query: NamedQuery) -> SourceLocation {
        let lexer = file.lexer
        let token = query.statement.tokens.first { token in
            (lexer.identifier(of: token) ?? lexer.literalValue(of: token)) == name
        }
        return file.source.location(ofByte: token?.range.lowerBound ?? query.statement.range.lowerBound)
    }
}

/// The actions SQLite's authorizer reports while a statement is prepared.
final class AuthorizationCollector {
    /// The actions, in order.
    var events: [SQLiteAuthorization] = []
}

extension SQLFile {
    /// A lexer over the file's bytes, for the text of its tokens.
    var lexer: SQLLexer { SQLLexer(bytes: source.bytes) }
}
