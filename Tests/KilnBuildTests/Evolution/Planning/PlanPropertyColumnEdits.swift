import Kiln

@testable import KilnBuild

extension PropertyEditor {
    /// A new column: nullable, with a default, NOT NULL with or without one, UNIQUE, generated, or a foreign
    /// key; at the end, or sometimes in the middle (a rebuild).
    mutating func addColumn(to table: PropertyTable) -> String? {
        var column = generator.column(named: freshColumnName(in: table.id), strict: table.isStrict)
        column.isUnique = column.isUnique && column.defaultSQL == nil && !column.isNotNull
        var description = "add column \(column.name) \(column.type)"
        if column.isNotNull && column.defaultSQL == nil {
            if chance(50) { column.isNotNull = false } else { mayLoseData = true }
        }
        if chance(10), !table.isStrict, let source = plainColumns(of: table).first {
            column.generated = PropertyExpression([.text("typeof("), .column(source.id), .text(")")])
            column.type = "TEXT"
            column.defaultSQL = nil
            column.isNotNull = false
            column.isUnique = false
            description += " generated"
        }
        let position = chance(25) ? Int.random(in: 0...table.columns.count, using: &generator.random) : nil
        update(table.id) { $0.columns.insert(column, at: position ?? $0.columns.count) }
        if column.generated == nil, !column.isNotNull, column.defaultSQL == nil, chance(25),
            let parent = wanted.tables.filter({ $0.primaryKey.count == 1 }).randomElement(using: &generator.random),
            let parentType = parent.column(parent.primaryKey[0])?.type
        {
            update(table.id) { edited in
                guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
                edited.columns[index].type = table.isStrict && parentType.isEmpty ? "ANY" : parentType
                edited.columns[index].isUnique = false
                edited.foreignKeys.append(
                    PropertyForeignKey(
                        columns: [column.id], parent: parent.id, parentColumns: parent.primaryKey, isInline: true))
            }
            description += " referencing \(parent.name)"
        }
        return description + (position.map { " at \($0)" } ?? "")
    }

    /// Drops an ordinary or foreign-key column (never a key column others refer to).
    mutating func dropColumn(of table: PropertyTable) -> String? {
        let candidates = table.columns.filter { column in
            !table.primaryKey.contains(column.id) && !renamedIDs.contains(column.id)
                && !wanted.tables.contains { $0.foreignKeys.contains { $0.parentColumns.contains(column.id) } }
        }
        guard let column = candidates.randomElement(using: &generator.random), table.columns.count > 1 else {
            return nil
        }
        update(table.id) { $0.columns.removeAll { $0.id == column.id } }
        if column.generated == nil, original.column(column.id) != nil {
            dropsData = true
            mayLoseData = true
        }
        return "drop column \(table.name).\(column.name)"
    }

    /// Gives an ordinary column another declared type (widening or narrowing).
    mutating func retype(in table: PropertyTable) -> String? {
        guard let column = plainColumns(of: table).randomElement(using: &generator.random) else { return nil }
        let types = table.isStrict ? PropertyGenerator.strictTypes : PropertyGenerator.looseTypes
        let type = generator.random.pick(types.filter { $0 != column.type })
        let value = column.defaultSQL == nil ? nil : generator.defaultValue(for: type)
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].type = type
            edited.columns[index].defaultSQL = value
            if PropertyAffinity(type) != .text { edited.columns[index].collation = nil }
        }
        let exact = PropertyAffinity(column.type, strict: table.isStrict)
            .keepsEveryValue(to: PropertyAffinity(type, strict: table.isStrict), strict: table.isStrict)
        if !exact { mayLoseData = true }
        return "retype \(table.name).\(column.name) \(column.type) → \(type)" + (exact ? " (exact)" : "")
    }

    /// Shuffles a table's columns.
    mutating func reorder(_ table: PropertyTable) -> String? {
        guard table.columns.count > 1 else { return nil }
        var columns = table.columns
        while columns == table.columns { columns.shuffle(using: &generator.random) }
        let shuffled = columns
        update(table.id) { $0.columns = shuffled }
        return "reorder \(table.name): \(shuffled.map(\.name))"
    }

    /// Adds or removes NOT NULL on an ordinary column (adding it only where the stand-in for NULL cannot
    /// collide with a unique value or fail a CHECK).
    mutating func toggleNotNull(in table: PropertyTable) -> String? {
        guard let column = plainColumns(of: table).randomElement(using: &generator.random) else { return nil }
        if !column.isNotNull {
            let guarded =
                column.isUnique || column.check != nil || table.uniques.contains { $0.contains(column.id) }
                || table.checks.contains { $0.columns.contains(column.id) }
                || wanted.indexes.contains { $0.table == table.id && $0.isUnique }
            guard !guarded else { return nil }
            mayLoseData = true
        }
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].isNotNull.toggle()
        }
        return "\(column.isNotNull ? "drop" : "add") NOT NULL on \(table.name).\(column.name)"
    }

    /// Sets, changes or removes a column's default.
    mutating func changeDefault(in table: PropertyTable) -> String? {
        guard let column = plainColumns(of: table).randomElement(using: &generator.random) else { return nil }
        let value = column.defaultSQL != nil && chance(40) ? nil : generator.defaultValue(for: column.type)
        guard value != column.defaultSQL, value != nil || !column.isNotNull else { return nil }
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].defaultSQL = value
        }
        return "default of \(table.name).\(column.name): \(column.defaultSQL ?? "none") → \(value ?? "none")"
    }

    /// A new CHECK on a column A already has, kept only when A's rows pass it.
    mutating func addCheck(to table: PropertyTable) -> String? {
        guard let column = plainColumns(of: table).randomElement(using: &generator.random),
            original.column(column.id) != nil, let originalTable = original.table(table.id)
        else { return nil }
        let check = generator.random.pick([
            PropertyExpression([.column(column.id), .text(" IS NOT 'forbidden'")]),
            PropertyExpression([.text("typeof("), .column(column.id), .text(") <> 'kiln'")]),
            PropertyExpression([.text("length("), .column(column.id), .text(") <= 500")]),
        ])
        let sql = "SELECT count(*) FROM \(quoted(originalTable.name)) WHERE NOT (\(original.render(check)))"
        guard findsNothing(sql), !table.checks.contains(check) else { return nil }
        update(table.id) { $0.checks.append(check) }
        mayLoseData = true
        return "add CHECK (\(wanted.render(check))) to \(table.name)"
    }

    /// Removes a CHECK or a UNIQUE constraint, of the table or of a column.
    mutating func removeConstraint(of table: PropertyTable) -> String? {
        if !table.checks.isEmpty {
            update(table.id) { $0.checks.removeLast() }
            return "remove a table CHECK of \(table.name)"
        }
        if !table.uniques.isEmpty {
            update(table.id) { $0.uniques.removeLast() }
            return "remove a table UNIQUE of \(table.name)"
        }
        guard let column = table.columns.first(where: { $0.check != nil || $0.isUnique }) else { return nil }
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].check = nil
            edited.columns[index].isUnique = false
        }
        return "remove the CHECK/UNIQUE of column \(table.name).\(column.name)"
    }

    /// Makes a column A already has UNIQUE, when A's rows have no duplicate there.
    mutating func addUnique(to table: PropertyTable) -> String? {
        guard let column = plainColumns(of: table).filter({ !$0.isUnique }).randomElement(using: &generator.random),
            let source = original.table(table.id), let sourceColumn = source.column(column.id)
        else { return nil }
        let name = quoted(sourceColumn.name)
        let sql =
            "CREATE UNIQUE INDEX kiln_property_unique ON \(quoted(source.name)) (\(name) COLLATE "
            + "\(column.collation ?? "BINARY"))"
        guard dataAccepts(sql) else { return nil }
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].isUnique = true
        }
        mayLoseData = true
        return "add UNIQUE to \(table.name).\(column.name)"
    }

    /// Renames a column A already has, named with a `SchemaRename.column`.
    mutating func renameColumn(of table: PropertyTable) -> String? {
        guard
            let column = table.columns.filter({ original.column($0.id) != nil && !renamedIDs.contains($0.id) })
                .randomElement(using: &generator.random),
            let source = original.table(table.id)
        else { return nil }
        let name = freshColumnName(in: table.id)
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].name = name
        }
        renamedIDs.insert(column.id)
        // The table may be named as it is in either schema; the table's rename, if any, comes later.
        let tableName = chance(50) ? source.name : table.name
        renames.append(.column(table: tableName, from: column.name, to: name))
        return "rename column \(tableName).\(column.name) → \(name)"
    }

    /// Gives a text column another collation (NOCASE, RTRIM, the app's stand-in) or takes it away. Either can make
    /// values of a unique column equal: under a one-column UNIQUE only when A's rows stay distinct, never
    /// under a composite one or a unique index. Going back to BINARY can only make equal values distinct, so
    /// it loses nothing.
    mutating func changeCollation(in table: PropertyTable) -> String? {
        guard
            let column = plainColumns(of: table).filter({ PropertyAffinity($0.type) == .text })
                .randomElement(using: &generator.random)
        else { return nil }
        let choices = [nil, "NOCASE", "RTRIM", PropertyStandIns.collation]
        let collation = generator.random.pick(choices.filter { $0 != column.collation })
        let underUnique =
            table.uniques.contains { $0.contains(column.id) }
            || wanted.indexes.contains { $0.isUnique && $0.terms.contains { $0.columns.contains(column.id) } }
        if collation != nil, underUnique { return nil }
        if collation != nil, column.isUnique {
            guard let source = original.table(table.id), let sourceColumn = source.column(column.id) else {
                return nil
            }
            let sql =
                "CREATE UNIQUE INDEX kiln_property_unique ON \(quoted(source.name)) "
                + "(\(quoted(sourceColumn.name)) COLLATE NOCASE)"
            guard dataAccepts(sql) else { return nil }
            mayLoseData = true
        }
        update(table.id) { edited in
            guard let index = edited.columns.firstIndex(where: { $0.id == column.id }) else { return }
            edited.columns[index].collation = collation
        }
        return "collation of \(table.name).\(column.name): \(collation ?? "BINARY")"
    }
}
