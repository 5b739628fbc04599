import Kiln

extension LintStatement {
    /// What the statement does to the data of the migration's tables (see ``MigrationDataStep``), in order:
    /// creates, drops and renames of tables and columns, and the copies of `INSERT … SELECT`,
    /// `CREATE TABLE … AS SELECT` and `UPDATE … SET` (one per assigned column).
    var dataSteps: [MigrationDataStep] {
        if let created = createdTableName { return createSteps(created) }
        if let table = droppedTable { return [.dropTable(table.identifierKey)] }
        if let (from, to) = renamedTable { return [.renameTable(from: from.identifierKey, to: to.identifierKey)] }
        if let step = alteredColumn { return [step] }
        guard let verb = verbIndex else { return [] }
        return isWord(verb, "update") ? updateSteps(at: verb) : insertSteps(at: verb)
    }

    /// The name `CREATE [TEMP] TABLE [IF NOT EXISTS]` creates, its index, and whether it is temporary.
    private var createdTableName: (name: String, index: Int, temporary: Bool)? {
        guard isWord(0, "create") else { return nil }
        let temporary = isWord(1, "temp") || isWord(1, "temporary")
        var index = temporary ? 2 : 1
        guard isWord(index, "table") else { return nil }
        index += isWord(index + 1, "if") && isWord(index + 2, "not") && isWord(index + 3, "exists") ? 4 : 1
        guard let name = name(at: index) else { return nil }
        let qualifiedTemporary = name.next == index + 3 && (isWord(index, "temp") || isWord(index, "temporary"))
        return (name.name, name.next, temporary || qualifiedTemporary)
    }

    private func createSteps(_ created: (name: String, index: Int, temporary: Bool)) -> [MigrationDataStep] {
        let table = created.name.identifierKey
        let create = MigrationDataStep.create(table: table, temporary: created.temporary)
        guard isWord(created.index, "as"), hasSelect else { return [create] }
        let read = created.index..<tokens.count
        let copy = MigrationDataStep.copy(
            sources: sources(tablesRead(in: read), values: [read]), target: DataPlace(table: table))
        return [create, copy]
    }

    /// `ALTER TABLE t DROP [COLUMN] c` or `ALTER TABLE t RENAME [COLUMN] a TO b`.
    private var alteredColumn: MigrationDataStep? {
        guard isWord(0, "alter"), isWord(1, "table"), let table = name(at: 2) else { return nil }
        let at = table.next + (isWord(table.next + 1, "column") ? 2 : 1)
        if isWord(table.next, "drop"), let column = name(at: at) {
            return .dropColumn(table: table.name.identifierKey, column: column.name.identifierKey)
        }
        guard isWord(table.next, "rename"), let old = name(at: at), isWord(old.next, "to"),
            let new = name(at: old.next + 1)
        else { return nil }
        return .renameColumn(
            table: table.name.identifierKey, from: old.name.identifierKey, to: new.name.identifierKey)
    }

    /// The index of the statement's `INSERT`, `REPLACE` or `UPDATE` outside parentheses (after a `WITH`'s
    /// tables), when it is one (not when a trigger's body holds one: that copies nothing while the migration
    /// runs).
    private var verbIndex: Int? {
        guard ["insert", "replace", "update", "with"].contains(where: { isWord(0, $0) }) else { return nil }
        var depth = 0
        for index in tokens.indices {
            depth += depthChange(at: index)
            if depth == 0, isWord(index, "insert") || isWord(index, "replace") || isWord(index, "update") {
                return index
            }
        }
        return nil
    }

    /// `INSERT|REPLACE … INTO t [AS alias] [(columns)] …SELECT…`: a copy into the whole of `t` from every table
    /// read, the values being everything but the target and its column list.
    private func insertSteps(at verb: Int) -> [MigrationDataStep] {
        guard hasSelect, let into = (verb..<tokens.count).first(where: { isWord($0, "into") }),
            let target = name(at: into + 1)
        else { return [] }
        var rest = target.next + (isWord(target.next, "as") ? 2 : 0)
        if rest < tokens.count, lexer.text(of: tokens[rest]) == "(" { rest = closingParenthesis(from: rest) + 1 }
        let values = [0..<into, min(rest, tokens.count)..<tokens.count]
        let read = values.flatMap { tablesRead(in: $0) }
        return [.copy(sources: sources(read, values: values), target: DataPlace(table: target.name.identifierKey))]
    }

    /// `UPDATE [OR …] t … SET a = expr, (b, c) = expr … [FROM …]`: a copy into each assigned column from `t`,
    /// the tables the expression reads and those of the `FROM`, when the expression names anything.
    private func updateSteps(at verb: Int) -> [MigrationDataStep] {
        guard let target = name(at: verb + (isWord(verb + 1, "or") ? 3 : 1)),
            let set = (target.next..<tokens.count).first(where: { isWord($0, "set") })
        else { return [] }
        let (assignments, end) = assignments(after: set)
        let joined = end < tokens.count && isWord(end, "from") ? tablesRead(in: end..<clauseEnd(after: end)) : []
        let table = target.name.identifierKey
        return assignments.flatMap { columns, value -> [MigrationDataStep] in
            guard !identifiers(in: value).isEmpty else { return [] }
            let sources = sources([table] + tablesRead(in: value) + joined, values: [value])
            return columns.map { .copy(sources: sources, target: DataPlace(table: table, column: $0)) }
        }
    }

    /// The `column = value` assignments after `SET` at `set` (the columns of a `(a, b) = …` too), and the index
    /// of the token that ends them.
    private func assignments(after set: Int) -> ([(columns: [SQLIdentifierKey], value: Range<Int>)], Int) {
        let end = clauseEnd(after: set)
        var result: [(columns: [SQLIdentifierKey], value: Range<Int>)] = []
        var start = set + 1
        var depth = 0
        for index in (set + 1)...end {
            if index < end { depth += depthChange(at: index) }
            guard index == end || (depth == 0 && lexer.text(of: tokens[index]) == ",") else { continue }
            let part = start..<index
            if let equals = part.first(where: { lexer.text(of: tokens[$0]) == "=" }) {
                result.append((Array(identifiers(in: part.lowerBound..<equals)), (equals + 1)..<index))
            }
            start = index + 1
        }
        return (result, end)
    }

    /// The index of the first `FROM`, `WHERE`, `RETURNING`, `ORDER` or `LIMIT` outside parentheses after
    /// `start`, or the end of the statement.
    private func clauseEnd(after start: Int) -> Int {
        var depth = 0
        for index in (start + 1)..<tokens.count {
            depth += depthChange(at: index)
            let ends = ["from", "where", "returning", "order", "limit"].contains { isWord(index, $0) }
            if depth == 0, ends { return index }
        }
        return tokens.count
    }

    /// The sources a copy of `values` reads from `tables`.
    private func sources(_ tables: [SQLIdentifierKey], values: [Range<Int>]) -> [DataSource] {
        let words = values.reduce(into: Set<SQLIdentifierKey>()) { $0.formUnion(identifiers(in: $1)) }
        let star = values.contains { readsAllColumns(in: $0) }
        return tables.map { DataSource(table: $0, words: words, readsAllColumns: star) }
    }

    /// Whether the statement has a `SELECT` anywhere.
    private var hasSelect: Bool { tokens.contains { lexer.isWord($0, "select") } }

    /// +1 at `(`, -1 at `)`, 0 elsewhere.
    private func depthChange(at index: Int) -> Int {
        switch lexer.text(of: tokens[index]) {
        case "(": 1
        case ")": -1
        default: 0
        }
    }

    /// The index of the `)` that closes the `(` at `open`, or the last token.
    private func closingParenthesis(from open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            depth += depthChange(at: index)
            if depth == 0 { return index }
        }
        return tokens.count - 1
    }
}
