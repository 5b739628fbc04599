import Kiln

/// Finds the rows a failing statement of a planned migration refuses: on a copy of the data set, the statements
/// before it run; then, for each table the statement names, the rows are put back one at a time, and the
/// statement is tried (and undone) after each. A row with which it fails a constraint is refused and taken out
/// again, so a `UNIQUE` keeps the first row of each duplicate set and a `CHECK` refuses only the rows that
/// break it.
struct FailingStatementProbe {
    /// The copy, inside a transaction that is never committed.
    private let connection: SQLiteConnection
    /// The failing statement.
    private let statement: String

    /// A probe of `statements[failing]` on a copy of `data`, prepared as `migrator` prepares a connection, the
    /// statements before it run.
    ///
    /// - Throws: ``SQLiteError`` when the copy or an earlier statement fails.
    init(
        statements: [(sql: String, line: Int, column: Int)], failing: Int, migrator: Migrator,
        copyOf data: SQLiteConnection
    )
        throws
    {
        connection = try migrator.preparedCopy(of: data)
        try connection.setForeignKeys(false)
        try connection.execute(sql: "BEGIN")
        for earlier in statements[..<failing] { try connection.execute(sql: earlier.sql) }
        statement = statements[failing].sql
    }

    /// The rows the statement refuses, each named by its table as it is when the statement runs.
    ///
    /// - Throws: ``SQLiteError`` when a row cannot be moved, or the statement fails other than on a constraint.
    func rowsRefused() throws -> [RowKey] {
        defer { connection.rollbackIfActive() }
        var lexer = SQLLexer(statement)
        let named = Set(lexer.tokens().compactMap { lexer.identifier(of: $0)?.identifierKey })
        var refused: [RowKey] = []
        for table in try PlanVerifier.tableNames(in: connection) where named.contains(table) {
            refused += try probe(table)
        }
        return refused
    }

    /// The rows of `table` (named by its key) with which the statement fails a constraint.
    private func probe(_ key: SQLIdentifierKey) throws -> [RowKey] {
        guard let model = try SchemaModel.Table.read(named: key.description, from: connection) else { return [] }
        let table = model.name
        let columns = model.insertableColumns.map { quoted($0.name) }
        let primaryKey = try PlanVerifier.primaryKey(of: table, connection)
        let hasRowID = (try? connection.execute(sql: "SELECT rowid FROM main.\(quoted(table)) LIMIT 0")) != nil
        let keys = hasRowID ? ["kiln_rowid"] : primaryKey.map(quoted)
        let inMain = (hasRowID ? ["rowid"] : primaryKey.map(quoted)).map { "\($0) IS ?" }.joined(separator: " AND ")
        guard !columns.isEmpty, !keys.isEmpty else { return [] }
        let listed = (hasRowID ? ["rowid"] : []) + columns
        try connection.execute(sql: "DROP TABLE IF EXISTS temp.kiln_probe")
        let aside = ((hasRowID ? ["rowid AS kiln_rowid"] : []) + columns).joined(separator: ", ")
        try connection.execute(sql: "CREATE TEMP TABLE kiln_probe AS SELECT \(aside) FROM main.\(quoted(table))")
        let copyBack =
            "INSERT INTO main.\(quoted(table)) (\(listed.joined(separator: ", "))) SELECT * FROM temp.kiln_probe"
        try connection.execute(sql: "DELETE FROM main.\(quoted(table))")
        // The statement still fails without any row of the table: the table is not what it refuses.
        guard try attempt() == nil else {
            try connection.execute(sql: copyBack)
            return []
        }
        let count = try connection.integer(sql: "SELECT count(*) FROM temp.kiln_probe")
        var refused: [RowKey] = []
        for row in 0..<count {
            try connection.execute(sql: copyBack + " WHERE rowid = \(row + 1)")
            guard let failure = try attempt() else { continue }
            let keyValues =
                try connection.rows(
                    sql: "SELECT \(keys.joined(separator: ", ")) FROM temp.kiln_probe WHERE rowid = \(row + 1)"
                ).first ?? []
            _ = try connection.rows(sql: "DELETE FROM main.\(quoted(table)) WHERE \(inMain)", keyValues)
            refused.append(RowKey(table: table, values: keyValues, isRowID: hasRowID, reason: failure))
        }
        return refused
    }

    /// Runs the statement and undoes it.
    ///
    /// - Returns: SQLite's message when it fails a constraint or a guarded copy's check; nil when it succeeds.
    /// - Throws: its error when it fails otherwise.
    private func attempt() throws -> String? {
        try connection.execute(sql: "SAVEPOINT kiln_probe")
        defer {
            try? connection.execute(sql: "ROLLBACK TO kiln_probe")
            try? connection.execute(sql: "RELEASE kiln_probe")
        }
        do {
            try connection.execute(sql: statement)
            return nil
        } catch let error as SQLiteError
            where error.code.matches(.constraint) || ConversionGuard.isFailure(error.message)
        {
            return error.message
        }
    }
}
