import Kiln

extension PlanBuilder {
    /// Plans a table that is virtual in either schema and whose definition changed. SQLite has no `ALTER` for
    /// a virtual table's module arguments, so it is made again; an FTS5 table made again as an FTS5 table
    /// (``FullTextTable``) keeps what can be kept:
    /// - made external-content (`content=t`): dropped, created, and its index made from `t` by the 'rebuild'
    ///   command once the tables are in their new form; the rows it kept itself before (its own copy, or a
    ///   contentless index) are a loss;
    /// - from a table that keeps its own copy of its rows: created under a free name, the values of the columns
    ///   both have copied with their rowids, the old table dropped and the new one renamed into place (FTS5
    ///   renames its shadow tables with it); the columns it no longer has are a loss, and all of them when it
    ///   becomes contentless (it indexes the values, keeps none);
    /// - from a contentless table (`content=''`), whose values cannot be read back: a loss, said so;
    /// - from an external-content table into one with its own copy or none: dropped and created again empty,
    ///   a loss (its values are still in its content table, which the plan may be changing at that point).
    ///
    /// Any other virtual table (another module, or an ordinary table becoming virtual or the reverse) is
    /// dropped and created again empty, a loss.
    mutating func planVirtualTable(_ change: SchemaChange) {
        guard case .modifyTable(let old, let new, _) = change else { return }
        replacedTables.insert(new.name.identifierKey)
        guard let from = FullTextTable(old), let to = FullTextTable(new) else {
            return replaceEmpty(old, new, change: change, risk: .dropsData(table: new.name, columns: []))
        }
        if case .external(let source, let rowID) = to.content {
            fullText.append(refilled(from, to, content: (source, rowID), change: change))
        } else if from.content == .own, let step = copied(from, into: to, change: change) {
            fullText.append(step)
        } else {
            let risk: PlanRisk =
                from.content == .contentless
                ? .dropsContentlessRows(table: new.name) : .dropsData(table: new.name, columns: [])
            replaceEmpty(old, new, change: change, risk: risk)
        }
    }

    /// The virtual table `old` dropped with its rows (`risk`), and `new` created empty.
    private mutating func replaceEmpty(
        _ old: SchemaModel.Table, _ new: SchemaModel.Table, change: SchemaChange, risk: PlanRisk
    ) {
        tableDrops.append(Self.dropTable(old, change: change, risk: risk))
        creates.append(
            SchemaPlanStep(
                .createTable, name: new.name, change: change,
                comments: ["create virtual table \(quoted(new.name)) again, empty"],
                statements: [wanted.sql[new.name.identifierKey] ?? ""]))
    }

    /// The FTS5 table `to` (its own copy of its rows, or contentless) made again from `from`, which kept its own
    /// copy: its rows copied with their rowids; nil when the two have no column in common. The columns `to`
    /// lacks are a loss, and all of them when `to` is contentless: it indexes the values but keeps none.
    private mutating func copied(_ from: FullTextTable, into to: FullTextTable, change: SchemaChange)
        -> SchemaPlanStep?
    {
        let pairs = to.columns.compactMap { target in
            from.columns.first { $0.isSameIdentifier(as: target) }.map { (source: $0, target: target) }
        }
        guard !pairs.isEmpty else { return nil }
        let temporary = freeFullTextName(for: to.name)
        guard let create = CreateTableText(wanted.sql[to.name.identifierKey] ?? "").renamed(to: temporary) else {
            return nil
        }
        let keepsValues = to.content == .own
        let lost =
            keepsValues
            ? from.columns.filter { column in !to.columns.contains { $0.isSameIdentifier(as: column) } }
            : from.columns
        let risks = lost.isEmpty ? [] : [PlanRisk.dropsData(table: to.name, columns: lost)]
        if keepsValues { keepColumns(pairs, of: to.name) }
        let copy =
            "INSERT INTO \(quoted(temporary)) (rowid, \(pairs.map { quoted($0.target) }.joined(separator: ", ")))"
            + " SELECT rowid, \(pairs.map { quoted($0.source) }.joined(separator: ", ")) FROM \(quoted(from.name))"
        let comments =
            [
                "make full-text table \(quoted(to.name)) again: create the new definition as \(quoted(temporary)), "
                    + "copy its rows with their rowids, drop the old table, rename the new one into place"
            ] + Self.definitionChange(change)
            + (keepsValues ? [] : ["the new table is contentless (content=''): it indexes the values, keeps none"])
            + risks.flatMap(TableRebuild.lossComments)
        return SchemaPlanStep(
            .rebuildTable, name: to.name, change: change, comments: comments,
            statements: [
                create, copy, "DROP TABLE \(quoted(from.name))",
                "ALTER TABLE \(quoted(temporary)) RENAME TO \(quoted(to.name))",
            ], risks: risks)
    }

    /// The FTS5 table `to`, whose values live in `content`, made again in place of `from`: dropped, created,
    /// and its index made from the content table. What `from` kept itself is a loss; the values an
    /// external-content `from` read from the same content table are its rows still.
    private mutating func refilled(
        _ from: FullTextTable, _ to: FullTextTable, content: (table: String, rowID: String), change: SchemaChange
    ) -> SchemaPlanStep {
        let (source, rowID) = content
        var risks: [PlanRisk] = []
        switch from.content {
        case .own: risks = [.dropsData(table: to.name, columns: [])]
        case .contentless: risks = [.dropsContentlessRows(table: to.name)]
        case .external(let before, let beforeRowID):
            if before.isSameIdentifier(as: source), beforeRowID.isSameIdentifier(as: rowID) {
                keepColumns(
                    to.columns.compactMap { target in
                        from.columns.first { $0.isSameIdentifier(as: target) }.map { (source: $0, target: target) }
                    }, of: to.name)
            }
        }
        let allowance = risks.first.map(\.description) ?? "its rows are those of \(quoted(source)), indexed again"
        let comments =
            [
                "make full-text table \(quoted(to.name)) again: drop it, create the new definition, and make its "
                    + "index from the rows of \(quoted(source)) (FTS5's 'rebuild' command)"
            ] + Self.definitionChange(change) + risks.map { "data loss: \($0)" } + [
                "kiln:allow drop-table -- \(allowance)"
            ]
        return SchemaPlanStep(
            .rebuildTable, name: to.name, change: change, comments: comments,
            statements: [
                "DROP TABLE \(quoted(from.name))", wanted.sql[to.name.identifierKey] ?? "", to.rebuildStatement,
            ],
            risks: risks)
    }

    /// The values the columns `pairs` of the wanted table `table` carry over, named as before the renames.
    private mutating func keepColumns(_ pairs: [(source: String, target: String)], of table: String) {
        kept += pairs.map { pair in
            KeptColumn(
                sourceTable: renames.originalTable(table),
                sourceColumn: renames.originalColumn(table: table, column: pair.source), table: table,
                column: pair.target)
        }
    }

    /// `  definition: <before> → <after>`, the virtual definitions of `change`.
    private static func definitionChange(_ change: SchemaChange) -> [String] {
        guard case .modifyTable(let old, let new, _) = change else { return [] }
        return ["  definition: \(old.virtualDefinition ?? "none") → \(new.virtualDefinition ?? "none")"]
    }

    /// A free name for an FTS5 table made again (``freeName(for:)``) whose shadow tables' names are free too.
    private mutating func freeFullTextName(for table: String) -> String {
        var name = freeName(for: table)
        while FullTextTable.shadowSuffixes.contains(where: {
            current.hasObject(named: name + $0) || wanted.hasObject(named: name + $0)
        }) {
            name = freeName(for: table)
        }
        return name
    }
}
