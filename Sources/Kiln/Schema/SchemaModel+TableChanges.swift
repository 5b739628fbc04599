extension SchemaModel.Table {
    /// How `newer`, a definition of this table, differs from this one, in ``SchemaChange/TableChange``'s
    /// order: columns added (in `newer`'s order) and dropped (in this one's), each common column's aspects,
    /// the order of the common columns, the options, CHECK constraints (paired in sorted order), foreign keys
    /// (matched by their child columns) and UNIQUE and PRIMARY KEY constraints. A virtual table on either side
    /// differs only by its definition.
    ///
    /// - Parameter newer: the definition to change to.
    /// - Returns: the changes; empty when SQLite would treat the two the same.
    package func changes(to newer: SchemaModel.Table) -> [SchemaChange.TableChange] {
        if virtualDefinition != nil || newer.virtualDefinition != nil {
            guard virtualDefinition != newer.virtualDefinition else { return [] }
            return [.changeVirtualDefinition(old: virtualDefinition, new: newer.virtualDefinition)]
        }
        let oldKeys = Set(columns.map(\.name.identifierKey))
        let newKeys = Set(newer.columns.map(\.name.identifierKey))
        var changes = newer.columns.filter { !oldKeys.contains($0.name.identifierKey) }.map(
            SchemaChange.TableChange.addColumn)
        changes += columns.filter { !newKeys.contains($0.name.identifierKey) }.map(SchemaChange.TableChange.dropColumn)
        changes += columnChanges(to: newer)
        let oldOrder = columns.filter { newKeys.contains($0.name.identifierKey) }.map(\.name)
        let newOrder = newer.columns.filter { oldKeys.contains($0.name.identifierKey) }.map(\.name)
        if oldOrder.map(\.identifierKey) != newOrder.map(\.identifierKey) {
            changes.append(.reorderColumns(old: oldOrder, new: newOrder))
        }
        changes += SchemaChange.TableOption.allCases.filter { $0.isSet(in: self) != $0.isSet(in: newer) }.map {
            .setOption($0, to: $0.isSet(in: newer))
        }
        return changes + checkChanges(to: newer) + foreignKeyChanges(to: newer) + uniqueChanges(to: newer)
    }

    private func columnChanges(to newer: SchemaModel.Table) -> [SchemaChange.TableChange] {
        let oldColumns = SchemaModel.firstByName(columns, \.name)
        return newer.columns.compactMap { column in
            guard let other = oldColumns[column.name.identifierKey] else { return nil }
            let aspects = SchemaChange.ColumnAspect.allCases.filter { aspect in
                // A generated column's hidden value is part of its `generated` aspect.
                aspect.value(of: column) != aspect.value(of: other) && !(aspect == .hidden && column.hidden >= 2)
            }
            return aspects.isEmpty ? nil : .alterColumn(old: other, new: column, aspects: aspects)
        }
    }

    private func checkChanges(to newer: SchemaModel.Table) -> [SchemaChange.TableChange] {
        let (added, dropped) = Self.multisetDifference(newer.checks.map { ($0, $0) }, checks.map { ($0, $0) })
        let paired = zip(dropped, added).map { SchemaChange.TableChange.changeCheck(old: $0, new: $1) }
        return paired + added.dropFirst(paired.count).map { .addCheck($0) }
            + dropped.dropFirst(paired.count).map { .dropCheck($0) }
    }

    private func uniqueChanges(to newer: SchemaModel.Table) -> [SchemaChange.TableChange] {
        let describe = { (index: SchemaModel.Index) in
            ((index.origin == "pk" ? "PRIMARY KEY " : "UNIQUE ") + SchemaModel.termsText(index.terms), index)
        }
        let (added, dropped) = Self.multisetDifference(
            newer.uniqueConstraints.map(describe), uniqueConstraints.map(describe))
        return added.map { .addUniqueConstraint($0) } + dropped.map { .dropUniqueConstraint($0) }
    }

    /// The values whose text is only in `left` and only in `right`, counting repeats, each sorted by text.
    static func multisetDifference<T>(_ left: [(String, T)], _ right: [(String, T)]) -> ([T], [T]) {
        var counts: [String: Int] = [:]
        for (text, _) in right { counts[text, default: 0] += 1 }
        var onlyLeft: [T] = []
        for (text, value) in left.sorted(by: { $0.0 < $1.0 }) {
            if let count = counts[text], count > 0 { counts[text] = count - 1 } else { onlyLeft.append(value) }
        }
        let onlyRight = right.sorted(by: { $0.0 < $1.0 }).filter { text, _ in
            guard let count = counts[text], count > 0 else { return false }
            counts[text] = count - 1
            return true
        }
        return (onlyLeft, onlyRight.map(\.1))
    }

    /// Foreign keys matched by their child columns: a changed parent, action, MATCH or deferral is a change of
    /// that key (paired, among keys over the same columns, with an identical one when there is one); a key with
    /// no counterpart is added or dropped.
    private func foreignKeyChanges(to newer: SchemaModel.Table) -> [SchemaChange.TableChange] {
        var oldKeys = Dictionary(grouping: foreignKeys) { TableDefinitionText.key($0.columns) }
        let values = { (key: SchemaModel.ForeignKey) in SchemaChange.ForeignKeyAspect.allCases.map { $0.value(of: key) }
        }
        var changes: [SchemaChange.TableChange] = []
        for key in newer.foreignKeys {
            let group = TableDefinitionText.key(key.columns)
            guard var candidates = oldKeys[group], !candidates.isEmpty else {
                changes.append(.addForeignKey(key))
                continue
            }
            let other = candidates.first { values(key) == values($0) } ?? candidates[0]
            candidates.removeAll { $0 == other }
            oldKeys[group] = candidates
            let aspects = SchemaChange.ForeignKeyAspect.allCases.filter { $0.value(of: key) != $0.value(of: other) }
            if !aspects.isEmpty { changes.append(.alterForeignKey(old: other, new: key, aspects: aspects)) }
        }
        for key in foreignKeys where oldKeys[TableDefinitionText.key(key.columns)]?.contains(key) == true {
            changes.append(.dropForeignKey(key))
        }
        return changes
    }
}
