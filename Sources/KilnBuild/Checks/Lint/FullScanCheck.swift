import Kiln

/// `full-scan`: an app query with a WHERE clause whose query plan, on the built file (with its
/// `sqlite_stat1` when `"analyze": true`), reads every row of a seeded table: a `SCAN t` row without
/// `USING … INDEX`. SQLite 3.36 and later name the table by its alias in the plan (`SCAN i` for
/// `FROM item AS i`), which is resolved against the statement's own tokens.
enum FullScanCheck {
    /// The warnings for the queries of `file`, planned on `connection`.
    ///
    /// - Returns: one warning per statement and scanned seeded table that no allow comment silences.
    static func findings(_ file: SQLFile, against connection: SQLiteConnection, seededTables: Set<SQLIdentifierKey>)
        -> [CheckFinding]
    {
        let lexer = SQLLexer(bytes: file.source.bytes)
        let allowances = LintAllowances(source: file.source, statements: file.statements)
        var findings: [CheckFinding] = allowances.problems
        for (index, range) in file.statements.enumerated() where !allowances.allows(.fullScan, statementAt: index) {
            let statement = LintStatement(range, lexer: lexer)
            guard statement.tokens.contains(where: { lexer.isWord($0, "where") }) else { continue }
            var reported = Set<SQLIdentifierKey>()
            for (name, detail) in scans(file.text(of: range), connection: connection) {
                guard let table = seededTable(named: name, in: statement, seededTables: seededTables),
                    reported.insert(table.identifierKey).inserted
                else { continue }
                findings.append(
                    CheckFinding(
                        .queryFullScan(table: table, plan: detail),
                        at: file.source.location(ofByte: range.range.lowerBound)))
            }
        }
        return findings
    }

    /// The names the plan of `sql` scans without an index, with the plan row's text; none when it does not
    /// prepare (``AppQueryCheck/check(_:against:)`` reports that).
    private static func scans(_ sql: String, connection: SQLiteConnection) -> [(name: String, detail: String)] {
        // Parameters stay unbound (NULL): the plan does not depend on their values.
        var details: [String] = []
        do {
            let explain = try connection.prepare(sql: "EXPLAIN QUERY PLAN " + sql)
            while try explain.step() { details.append(explain.text(at: explain.columnCount - 1) ?? "") }
        } catch {
            return []
        }
        return details.compactMap { detail in
            guard detail.hasPrefix("SCAN "), !detail.contains(" USING "), !detail.contains(" VIRTUAL TABLE") else {
                return nil
            }
            return (String(detail.dropFirst(5)), detail)
        }
    }

    /// The seeded table a plan's name stands for: the table itself (possibly `schema.table`), or an alias the
    /// statement gives a seeded table (`item AS i`, `item i`).
    private static func seededTable(
        named name: String, in statement: LintStatement, seededTables: Set<SQLIdentifierKey>
    ) -> String? {
        var candidates = [name]
        if let dot = name.firstIndex(of: ".") { candidates.append(String(name[name.index(after: dot)...])) }
        if let direct = candidates.first(where: { seededTables.contains($0.identifierKey) }) { return direct }
        let tokens = statement.tokens
        for index in tokens.indices.dropFirst() {
            guard statement.lexer.identifier(of: tokens[index])?.isSameIdentifier(as: name) == true else { continue }
            let tableIndex = statement.isWord(index - 1, "as") ? index - 2 : index - 1
            guard tableIndex >= 0, let table = statement.lexer.identifier(of: tokens[tableIndex]),
                seededTables.contains(table.identifierKey)
            else { continue }
            return table
        }
        return nil
    }
}
