import Kiln

extension PlanBuilder {
    /// `step`, which creates `table`, with the index of an external-content FTS5 table made from the rows its
    /// content table already has (FTS5's 'rebuild' command: a new index starts empty, and a search would find
    /// none of them); nil when `table` is no such table, or its content table is new too. The step then runs
    /// once the tables are in their new form.
    func filledFromContent(_ step: SchemaPlanStep, _ table: SchemaModel.Table) -> SchemaPlanStep? {
        guard let index = FullTextTable(table), case .external(let content, _) = index.content,
            current.table(content) != nil
        else { return nil }
        var step = step
        step.comments.append(
            "make its index from the rows \(quoted(content)) has (FTS5's 'rebuild' command): a new index starts empty")
        step.statements.append(index.rebuildStatement)
        return step
    }

    /// Rebuilds the index of each external-content FTS5 table whose content table the plan rebuilds with values
    /// that are not the ones it indexed: a column it reads converted (another affinity, a placeholder, `NULL`s
    /// filled) or new, or the rowids it is keyed by renumbered. FTS5 never notices a change of its content table
    /// by itself; left alone, searches would answer from the old values, and the 'delete' a trigger sends with
    /// the new ones would not match what is indexed. Its kept columns that read such columns count as converted,
    /// so verification does not expect them unchanged. An FTS5 table the plan makes again is filled by its own
    /// step, after the rebuilds.
    mutating func rebuildFullTextIndexes() {
        for table in wanted.model.tables {
            guard let index = FullTextTable(table), case .external(let content, let rowID) = index.content,
                let rebuild = rebuilds.first(where: { $0.name.isSameIdentifier(as: content) })
            else { continue }
            let unchanged = Set(
                kept.filter { $0.table.isSameIdentifier(as: content) && !$0.isConverted }.map(\.column.identifierKey))
            let read = index.columns + (FullTextTable.isRowID(rowID) ? [] : [rowID])
            let changed = read.filter { !unchanged.contains($0.identifierKey) }
            let renumbered = FullTextTable.isRowID(rowID) && !rebuild.keepsRowIDs
            guard !changed.isEmpty || renumbered else { continue }
            for position in kept.indices where kept[position].table.isSameIdentifier(as: index.name) {
                if changed.contains(where: { $0.isSameIdentifier(as: kept[position].column) }) {
                    kept[position].isConverted = true
                }
            }
            guard !replacedTables.contains(index.name.identifierKey) else { continue }
            let why =
                changed.isEmpty
                ? "gives its rows other rowids" : "changes the values of \(changed.map(quoted).joined(separator: ", "))"
            fullText.append(
                SchemaPlanStep(
                    .rebuildTable, name: index.name,
                    comments: [
                        "rebuild the full-text index \(quoted(index.name)) from \(quoted(content)) (FTS5's 'rebuild' "
                            + "command): the rebuild of \(quoted(content)) \(why), which it indexes"
                    ], statements: [index.rebuildStatement]))
        }
    }
}
