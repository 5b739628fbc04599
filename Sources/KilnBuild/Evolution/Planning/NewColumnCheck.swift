import Kiln

/// A wanted table's CHECK that names no column of the current table, only columns it gains: every existing
/// row gets the same values there (the columns' defaults, or NULL), so it passes for every row or for none,
/// and SQLite answers which once.
enum NewColumnCheck {
    /// What the existing rows do with a CHECK.
    enum Verdict: Equatable {
        /// It reads values of the existing rows (a current column, the rowid, a generated column, a value the
        /// developer writes): rows may fail it.
        case dependsOnRows
        /// Every existing row passes it.
        case passes
        /// Every existing row fails it; the values it was evaluated with, e.g. `"meta" = NULL`.
        case fails(String)
    }

    /// What the rows of `current` do with the CHECK `check` (``SchemaText`` form) of `wanted`, asked of
    /// `connection` (the wanted database) by evaluating it on one row of the new columns' defaults.
    static func verdict(
        _ check: String, current: SchemaModel.Table, wanted: SchemaModel.Table, on connection: SQLiteConnection
    ) -> Verdict {
        var lexer = SQLLexer(check)
        let names = Set(
            lexer.tokens().compactMap { token -> SQLIdentifierKey? in
                guard token.kind == .word || token.kind == .quotedIdentifier else { return nil }
                return lexer.identifier(of: token)?.identifierKey
            })
        let read = Set((current.columns.map(\.name) + ["rowid", "_rowid_", "oid"]).map(\.identifierKey))
        guard names.isDisjoint(with: read) else { return .dependsOnRows }
        let mentioned = wanted.columns.filter { names.contains($0.name.identifierKey) }
        var values: [String] = []
        for column in mentioned {
            let value = column.defaultExpression ?? "NULL"
            // Generated, the rowid, or NOT NULL without a default (a placeholder the developer fills).
            if column.hidden != 0 || column.primaryKeyPosition > 0 || (column.isNotNull && value.uppercased() == "NULL")
            {
                return .dependsOnRows
            }
            values.append(value)
        }
        guard
            let failed = evaluate(check, columns: mentioned, values: values, isStrict: wanted.isStrict, on: connection)
        else { return .dependsOnRows }
        let described = zip(mentioned, values).map { "\(quoted($0.name)) = \($1)" }.joined(separator: ", ")
        return failed ? .fails(described) : .passes
    }

    /// Refuses a change to `wanted` that adds a CHECK every existing row of `current` fails.
    ///
    /// - Throws: ``SchemaPlanError`` naming the table, the CHECK and the defaults, even with
    ///   `--allow-data-loss`: the migration could never run on a database holding a row.
    static func refuseFailing(
        current: SchemaModel.Table, wanted: SchemaModel.Table, on connection: SQLiteConnection
    ) throws {
        for check in wanted.checks where !current.checks.contains(check) {
            guard case .fails(let values) = verdict(check, current: current, wanted: wanted, on: connection)
            else { continue }
            throw SchemaPlanError(
                .unsupported(
                    object: wanted.name,
                    reason: "its new CHECK (\(check)) is false for the values existing rows get (\(values)), so every "
                        + "existing row would break it; give the new column a DEFAULT that passes the CHECK"))
        }
    }

    /// Whether the CHECK is false (SQLite's rule: its value, cast to NUMERIC, is zero) on one row holding
    /// `values`, in a temporary table of the columns' affinities inside a savepoint that is rolled back; nil
    /// when SQLite cannot evaluate it.
    private static func evaluate(
        _ check: String, columns: [SchemaModel.Column], values: [String], isStrict: Bool,
        on connection: SQLiteConnection
    ) -> Bool? {
        let test = "SELECT CAST((\(check)) AS NUMERIC) = 0"
        guard !columns.isEmpty else { return try? isTrue(connection.rows(sql: test)) }
        let definitions = columns.map { column in
            // A STRICT table's types are a few plain words; any other is written as its affinity's name.
            let type =
                isStrict
                ? column.declaredType : TypeAffinity.of(column.declaredType, isStrict: false, on: connection).rawValue
            return "\(quoted(column.name)) \(type)"
        }
        let table = "temp.kiln_plan_check_row"
        do {
            try connection.execute(sql: "SAVEPOINT kiln_plan_check")
            defer { try? connection.execute(sql: "ROLLBACK TO kiln_plan_check; RELEASE kiln_plan_check") }
            try connection.execute(
                sql: "CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))\(isStrict ? " STRICT" : "")")
            try connection.execute(
                sql: "INSERT INTO \(table) VALUES (\(values.map { "(\($0))" }.joined(separator: ", ")))")
            return isTrue(try connection.rows(sql: "\(test) FROM \(table)"))
        } catch {
            return nil
        }
    }

    private static func isTrue(_ rows: [[SQLiteValue]]) -> Bool? {
        guard let value = rows.first?.first else { return nil }
        if case .integer(let number) = value { return number == 1 }
        return false
    }
}
