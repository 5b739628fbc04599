import Kiln

@testable import KilnBuild

extension PropertyEditor {
    /// Renames a table of A, named with a `SchemaRename.table`.
    mutating func renameTable(_ table: PropertyTable) -> String? {
        guard let source = original.table(table.id), !renamedIDs.contains(table.id) else { return nil }
        let name = freshObjectName("renamed")
        update(table.id) { $0.name = name }
        renamedIDs.insert(table.id)
        renames.append(.table(from: source.name, to: name))
        return "rename table \(source.name) → \(name)"
    }

    /// A new table, maybe with a foreign key to a table of B.
    mutating func addTable() -> String? {
        guard wanted.tables.count < 6 else { return nil }
        let name = freshObjectName("added")
        let table = generator.table(named: name)
        wanted.tables.append(table)
        if chance(50), let index = wanted.tableIndex(table.id) {
            generator.addForeignKey(from: index, to: generator.random.pick(wanted.tables), in: &wanted)
        }
        return "add table \(name)"
    }

    /// Drops a table (its children's foreign keys to it go with it).
    mutating func dropTable(_ table: PropertyTable) -> String? {
        guard wanted.tables.count > 1, !renamedIDs.contains(table.id),
            !table.columns.contains(where: { renamedIDs.contains($0.id) })
        else { return nil }
        wanted.tables.removeAll { $0.id == table.id }
        if original.table(table.id) != nil {
            dropsData = true
            mayLoseData = true
        }
        return "drop table \(table.name)"
    }

    /// Removes a foreign key, changes its action, or adds one on a new column to a single-column key.
    mutating func changeForeignKey(of table: PropertyTable) -> String? {
        if !table.foreignKeys.isEmpty, chance(50) {
            let position = Int.random(in: 0..<table.foreignKeys.count, using: &generator.random)
            if chance(50) {
                update(table.id) { $0.foreignKeys.remove(at: position) }
                return "remove foreign key \(position) of \(table.name)"
            }
            if chance(40), let retargeted = retarget(table, key: position) { return retargeted }
            let action = table.foreignKeys[position].onDelete == "CASCADE" ? "SET NULL" : "CASCADE"
            update(table.id) { $0.foreignKeys[position].onDelete = action }
            return "ON DELETE \(action) on foreign key \(position) of \(table.name)"
        }
        guard let index = wanted.tableIndex(table.id) else { return nil }
        let parent = generator.random.pick(wanted.tables)
        generator.addForeignKey(from: index, to: parent, in: &wanted)
        return "add a foreign key from \(table.name) to \(parent.name)"
    }

    /// Makes a table WITHOUT ROWID (when A's rows have no NULL in its key) or gives it a rowid back.
    mutating func toggleWithoutRowID(_ table: PropertyTable) -> String? {
        guard !table.primaryKey.isEmpty, !table.isAutoincrement else { return nil }
        // A key that is not the rowid may hold NULLs and (being NULL) duplicates, which WITHOUT ROWID refuses;
        // an INTEGER PRIMARY KEY of a rowid table is the rowid: never NULL, always unique.
        let isRowIDAlias = table.primaryKey.count == 1 && table.column(table.primaryKey[0])?.type == "INTEGER"
        if !table.isWithoutRowID, !isRowIDAlias { mayLoseData = true }
        if !table.isWithoutRowID, let source = original.table(table.id) {
            let nulls = table.primaryKey.compactMap { source.column($0) }.map { "\(quoted($0.name)) IS NULL" }
            guard nulls.count == table.primaryKey.count,
                findsNothing("SELECT count(*) FROM \(quoted(source.name)) WHERE \(nulls.joined(separator: " OR "))")
            else { return nil }
        }
        update(table.id) { $0.isWithoutRowID.toggle() }
        return "\(table.isWithoutRowID ? "drop" : "add") WITHOUT ROWID on \(table.name)"
    }

    /// Makes a table STRICT (when its types allow it), sometimes over a value of A its type refuses, or not.
    mutating func toggleStrict(_ table: PropertyTable) -> String? {
        if table.isStrict {
            update(table.id) { $0.isStrict = false }
            // A STRICT table's ANY keeps values as they are; elsewhere ANY is a NUMERIC type name.
            if table.columns.contains(where: { $0.type == "ANY" }) { mayLoseData = true }
            return "drop STRICT on \(table.name)"
        }
        // A generated column's value is not checked against its STRICT type when written (integrity_check
        // finds it later): no STRICT over generated columns.
        guard table.columns.allSatisfy({ PropertyGenerator.strictTypes.contains($0.type) && $0.generated == nil }),
            original.table(table.id) != nil
        else { return nil }
        let mistyped = chance(50) ? mistype(in: table) : nil
        update(table.id) { $0.isStrict = true }
        // STRICT refuses values of the wrong storage class (which the plan converts through placeholders) and
        // makes the key NOT NULL: the planner asks for --allow-data-loss.
        mayLoseData = true
        return "add STRICT on \(table.name)" + (mistyped.map { " over mistyped rows (\($0))" } ?? "")
    }

    /// Writes a value its type refuses under STRICT over a plain column of A's first row of `table`: text
    /// into a number column, a blob into a TEXT one, text into a BLOB one. Nil when none could be written.
    mutating func mistype(in table: PropertyTable) -> String? {
        let candidates = plainColumns(of: table).filter { $0.type != "ANY" && original.column($0.id) != nil }
        guard let column = candidates.randomElement(using: &generator.random) else { return nil }
        let text = "mistyped \(generator.makeID())"
        let value =
            switch PropertyAffinity(column.type) {
            case .text: "x'" + text.utf8.map { String($0, radix: 16) }.joined() + "'"
            default: SQLText.literal(text)
            }
        let mistype = PropertyMistype(table: table.id, column: column.id, value: value)
        guard original.write(mistype, into: data) else { return nil }
        mistypes.append(mistype)
        return "\(column.name) = \(value)"
    }

    /// Adds, drops or redefines (same name) an index; a unique one only when A's rows allow it.
    mutating func changeIndex() -> String? {
        if let index = wanted.indexes.randomElement(using: &generator.random), chance(50) {
            wanted.indexes.removeAll { $0.id == index.id }
            guard chance(50) else { return "drop index \(index.name)" }
            generator.addIndex(to: &wanted)
            wanted.indexes[wanted.indexes.count - 1].name = index.name
            guard uniqueIndexAllowed() else { return nil }
            // A unique index redefined under the same name is stricter than before: the planner asks for
            // --allow-data-loss (a device's rows may repeat its new key).
            if wanted.indexes[wanted.indexes.count - 1].isUnique { mayLoseData = true }
            return "redefine index \(index.name)"
        }
        generator.addIndex(to: &wanted)
        guard uniqueIndexAllowed() else { return nil }
        // A new unique index over existing columns is a risk the planner asks --allow-data-loss for.
        if wanted.indexes[wanted.indexes.count - 1].isUnique { mayLoseData = true }
        return "add index \(wanted.indexes[wanted.indexes.count - 1].name)"
    }

    /// Whether B's newest index may stay unique: it is not, or A has its columns and its rows fit it. A
    /// non-unique copy replaces it otherwise.
    mutating func uniqueIndexAllowed() -> Bool {
        let index = wanted.indexes[wanted.indexes.count - 1]
        guard index.isUnique else { return true }
        let inA =
            index.terms.allSatisfy(original.resolves) && original.table(index.table) != nil
            && index.condition.map(original.resolves) ?? true
        var probe = index
        probe.name = "kiln_property_probe"
        if !inA || !dataAccepts(original.createIndex(probe)) {
            wanted.indexes[wanted.indexes.count - 1].isUnique = false
        }
        return true
    }

    /// Adds, drops or redefines (same name) a view.
    mutating func changeView() -> String? {
        if let view = wanted.views.randomElement(using: &generator.random), chance(50) {
            wanted.views.removeAll { $0.id == view.id }
            guard chance(50) else { return "drop view \(view.name)" }
            generator.addView(to: &wanted)
            wanted.views[wanted.views.count - 1].name = view.name
            return "redefine view \(view.name)"
        }
        generator.addView(to: &wanted)
        return "add view \(wanted.views[wanted.views.count - 1].name)"
    }

    /// Adds, drops or redefines (same name) a trigger.
    mutating func changeTrigger() -> String? {
        if let trigger = wanted.triggers.randomElement(using: &generator.random), chance(50) {
            wanted.triggers.removeAll { $0.id == trigger.id }
            guard chance(50) else { return "drop trigger \(trigger.name)" }
            generator.addTrigger(to: &wanted)
            wanted.triggers[wanted.triggers.count - 1].name = trigger.name
            return "redefine trigger \(trigger.name)"
        }
        generator.addTrigger(to: &wanted)
        return "add trigger \(wanted.triggers[wanted.triggers.count - 1].name)"
    }

    /// Points a single-column foreign key at another table of A with a single-column key, when A's rows
    /// already satisfy it.
    mutating func retarget(_ table: PropertyTable, key position: Int) -> String? {
        let key = table.foreignKeys[position]
        guard key.columns.count == 1, let source = original.table(table.id),
            let column = source.column(key.columns[0]),
            let parent = wanted.tables.filter({ $0.id != key.parent && $0.primaryKey.count == 1 })
                .randomElement(using: &generator.random),
            let parentSource = original.table(parent.id), let parentKey = parentSource.column(parent.primaryKey[0]),
            parentKey.type == column.type, table.column(column.id)?.type == column.type
        else { return nil }
        let sql =
            "SELECT count(*) FROM \(quoted(source.name)) WHERE \(quoted(column.name)) IS NOT NULL AND "
            + "\(quoted(column.name)) NOT IN (SELECT \(quoted(parentKey.name)) FROM \(quoted(parentSource.name)))"
        guard findsNothing(sql) else { return nil }
        // A device's rows may not match the new parent: the planner asks for --allow-data-loss.
        mayLoseData = true
        update(table.id) { edited in
            edited.foreignKeys[position].parent = parent.id
            edited.foreignKeys[position].parentColumns = parent.primaryKey
        }
        return "foreign key \(position) of \(table.name) now refers to \(parent.name)"
    }
}
