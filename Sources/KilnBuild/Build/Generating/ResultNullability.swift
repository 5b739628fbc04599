import Kiln

/// Which tables of a query SQLite may read as a row of NULLs, asked of SQLite's own compiled program
/// (`EXPLAIN`), never guessed from the text: the optional side of a LEFT, RIGHT or FULL JOIN.
///
/// SQLite compiles a join's unmatched row as the opcode `NullRow` on the cursor of each table (and index) of
/// the optional side, so a table with a cursor that gets `NullRow` has every column optional. When `NullRow`
/// reaches a cursor that is no table's nor index's (a materialized subquery, an automatic index), SQLite's
/// program no longer says which tables it stands for, so every column of every table is optional (automatic
/// indexes are turned off while the program is read, so a join on an unindexed column names its table). An
/// aggregate query without `GROUP BY` returns one row even over no rows, with NULL in its bare columns; that
/// too makes every table column optional (aggregates are seen as `AggStep` opcodes, and `GROUP BY` as the
/// words in the statement: one per `SELECT`, or the query is taken as ungrouped). A compound `SELECT`
/// (`UNION`, `INTERSECT`, `EXCEPT`) reports the origin of its first arm only, so its columns are optional too.
struct ResultNullability: Equatable {
    /// Tables (names folded to lower case) whose columns may be NULL whatever they declare.
    var optionalTables: Set<String> = []
    /// Whether every column read from a table may be NULL.
    var everyColumnOptional = false

    /// Whether columns of `table` may be NULL whatever they declare.
    func isOptional(table: String) -> Bool { everyColumnOptional || optionalTables.contains(table.lowercased()) }

    /// The nullability of `sql`'s result on `connection`, whose `words` are the statement's bare words in
    /// upper case.
    ///
    /// - Throws: ``SQLiteError`` when `EXPLAIN` of the statement or the schema table cannot be read.
    static func of(sql: String, words: [String], on connection: SQLiteConnection) throws -> ResultNullability {
        var result = ResultNullability()
        let compound = ["UNION", "INTERSECT", "EXCEPT"]
        if words.contains(where: compound.contains) { result.everyColumnOptional = true }
        // Each table's and index's root page, and the table it belongs to.
        var tableOfRoot: [Int64: String] = [:]
        for row in try connection.rows(sql: "SELECT rootpage, tbl_name FROM sqlite_schema WHERE rootpage > 0") {
            if case .integer(let root) = row[0], case .text(let table) = row[1] { tableOfRoot[root] = table }
        }
        var tableOfCursor: [Int64: String] = [:]
        var nulledCursors: [Int64] = []
        var aggregates = false
        // EXPLAIN's columns: addr, opcode, p1, p2, p3, p4, p5, comment.
        // Without automatic indexes, the join's optional side is read through its own table's (or index's)
        // cursor, which NullRow then names; the rows a query returns do not depend on its plan.
        try connection.execute(sql: "PRAGMA automatic_index = OFF")
        defer { try? connection.execute(sql: "PRAGMA automatic_index = ON") }
        // Stepped without binding: EXPLAIN lists the program, its parameters unbound (NULL) change nothing.
        let explain = try connection.prepare(sql: "EXPLAIN " + sql)
        while try explain.step() {
            let row = (0..<4).map { explain.value(at: $0) }
            guard case .text(let opcode) = row[1], case .integer(let p1) = row[2] else { continue }
            switch opcode {
            case "OpenRead", "OpenWrite", "ReopenIdx":
                if case .integer(let root) = row[3], let table = tableOfRoot[root] { tableOfCursor[p1] = table }
            case "NullRow": nulledCursors.append(p1)
            case "AggStep", "AggStep1", "AggFinal", "AggValue": aggregates = true
            default: continue
            }
        }
        for cursor in nulledCursors {
            guard let table = tableOfCursor[cursor] else {
                result.everyColumnOptional = true
                continue
            }
            result.optionalTables.insert(table.lowercased())
        }
        let groupings = zip(words, words.dropFirst()).filter { $0 == ("GROUP", "BY") }.count
        if aggregates, groupings < words.filter({ $0 == "SELECT" }).count { result.everyColumnOptional = true }
        return result
    }
}
