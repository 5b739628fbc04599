extension SchemaModel {
    /// How `newer` differs from this schema, names compared as SQLite compares them: tables added (in
    /// `newer`'s order), then dropped (in this one's); each table both have and define differently
    /// (``Table/changes(to:)``, in `newer`'s order); then indexes, views and triggers, each kind as its objects
    /// added or changed (in `newer`'s order), then dropped. Empty when SQLite would treat the two the same.
    ///
    /// - Parameter newer: the schema to change to.
    /// - Returns: the changes, in that stable order.
    package func changes(to newer: SchemaModel) -> [SchemaChange] {
        let oldTables = Self.firstByName(tables, \.name)
        var changes = newer.tables.filter { oldTables[$0.name.identifierKey] == nil }.map(SchemaChange.addTable)
        let newKeys = Set(newer.tables.map(\.name.identifierKey))
        changes += tables.filter { !newKeys.contains($0.name.identifierKey) }.map(SchemaChange.dropTable)
        for table in newer.tables {
            guard let old = oldTables[table.name.identifierKey] else { continue }
            let tableChanges = old.changes(to: table)
            if !tableChanges.isEmpty { changes.append(.modifyTable(old: old, new: table, changes: tableChanges)) }
        }
        changes += Self.indexChanges(from: indexes, to: newer.indexes)
        changes += Self.definitionChanges(
            from: views, to: newer.views,
            kinds: (add: SchemaChange.addView, drop: SchemaChange.dropView, change: SchemaChange.changeView))
        changes += Self.definitionChanges(
            from: triggers, to: newer.triggers,
            kinds: (add: SchemaChange.addTrigger, drop: SchemaChange.dropTrigger, change: SchemaChange.changeTrigger))
        return changes
    }

    /// `items` by their names' SQLite key, the first of each name kept.
    static func firstByName<T>(_ items: [T], _ name: (T) -> String) -> [SQLIdentifierKey: T] {
        Dictionary(items.map { (name($0).identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func indexChanges(from old: [Index], to new: [Index]) -> [SchemaChange] {
        let oldIndexes = firstByName(old, \.name)
        var changes: [SchemaChange] = []
        for index in new {
            guard let other = oldIndexes[index.name.identifierKey] else {
                changes.append(.addIndex(index))
                continue
            }
            let aspects = SchemaChange.IndexAspect.allCases.filter { $0.value(of: index) != $0.value(of: other) }
            if !aspects.isEmpty { changes.append(.changeIndex(old: other, new: index, aspects: aspects)) }
        }
        let newKeys = Set(new.map(\.name.identifierKey))
        return changes + old.filter { !newKeys.contains($0.name.identifierKey) }.map(SchemaChange.dropIndex)
    }

    private typealias DefinitionKinds = (
        add: (Definition) -> SchemaChange, drop: (Definition) -> SchemaChange,
        change: (Definition, Definition) -> SchemaChange
    )

    /// Views or triggers: one changes when its definition does, or (a view) its result column names.
    private static func definitionChanges(from old: [Definition], to new: [Definition], kinds: DefinitionKinds)
        -> [SchemaChange]
    {
        let oldDefinitions = firstByName(old, \.name)
        var changes: [SchemaChange] = []
        for definition in new {
            guard let other = oldDefinitions[definition.name.identifierKey] else {
                changes.append(kinds.add(definition))
                continue
            }
            let columnsDiffer =
                definition.columns.map { wanted in
                    other.columns.map { $0.map(\.identifierKey) != wanted.map(\.identifierKey) } ?? false
                } ?? false
            if other.sql != definition.sql || columnsDiffer { changes.append(kinds.change(other, definition)) }
        }
        let newKeys = Set(new.map(\.name.identifierKey))
        return changes + old.filter { !newKeys.contains($0.name.identifierKey) }.map(kinds.drop)
    }
}
