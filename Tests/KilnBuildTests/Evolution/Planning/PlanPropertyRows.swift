import Kiln

@testable import KilnBuild

/// A table's rows as the property compares them: keyed by rowid when the table has one in both schemas, else
/// by its primary key, with the values of every kept stored column. A column kept under the same affinity
/// must keep its values; one whose affinity changes must give each value back when stored again under its
/// old type (SQLite converting), unless the plan converts it through a placeholder; a value a table turned
/// STRICT refuses is the placeholder's to convert.
struct PropertyRows {
    /// How one kept column's values are compared.
    struct Comparison {
        /// The old column's type when values are compared after storing them again under it (nil: as they are).
        var roundTrip: String?
        /// The storage classes the new column takes when its table is STRICT (nil: it is not).
        var strictClasses: Set<String>?
    }

    let table: String
    let columnIDs: [Int]
    let comparisons: [Comparison]
    let rows: [[SQLiteValue]: [SQLiteValue]]
    let count: Int

    /// The rows of every table A and B share, read with the names of `side` (A before the plan, B after).
    static func read(_ side: PropertySchema, pair: PropertyPair) -> [Int: PropertyRows] {
        var result: [Int: PropertyRows] = [:]
        for table in side.tables {
            guard let source = pair.original.table(table.id), let target = pair.wanted.table(table.id) else { continue }
            var kept: [Int] = []
            var comparisons: [Comparison] = []
            for column in source.columns where column.generated == nil {
                guard let wanted = target.column(column.id), wanted.generated == nil else { continue }
                kept.append(column.id)
                comparisons.append(comparison(column, of: source, becoming: wanted, of: target))
            }
            let key =
                source.hasRowID && target.hasRowID
                ? [rowIDName(of: table)] : table.primaryKey.compactMap { table.column($0).map { quoted($0.name) } }
            let values = kept.compactMap { table.column($0).map { quoted($0.name) } }
            let sql = "SELECT \((key + values).joined(separator: ", ")) FROM \(quoted(table.name))"
            var rows: [[SQLiteValue]: [SQLiteValue]] = [:]
            // A table the plan failed to make is reported as gone by `differences`.
            guard let all = try? pair.data.rows(sql: sql) else { continue }
            for row in all { rows[Array(row.prefix(key.count))] = Array(row.dropFirst(key.count)) }
            result[table.id] = PropertyRows(
                table: table.name, columnIDs: kept, comparisons: comparisons, rows: rows, count: all.count)
        }
        return result
    }

    /// How `column` of `source` (A) becoming `wanted` of `target` (B) is compared.
    static func comparison(
        _ column: PropertyColumn, of source: PropertyTable, becoming wanted: PropertyColumn, of target: PropertyTable
    ) -> Comparison {
        let same =
            PropertyAffinity(column.type, strict: source.isStrict)
            == PropertyAffinity(wanted.type, strict: target.isStrict)
        // An old STRICT ANY column keeps values as they are, as a column without a type does.
        let oldType = source.isStrict && column.type == "ANY" ? "" : column.type
        var comparison = Comparison(roundTrip: same ? nil : oldType)
        if target.isStrict {
            let taken = [
                "INTEGER": ["integer"], "INT": ["integer"], "REAL": ["integer", "real"],
                "TEXT": ["integer", "real", "text"],
            ]
            comparison.strictClasses = Set(
                wanted.type == "ANY" ? ["integer", "real", "text", "blob"] : taken[wanted.type] ?? ["blob"])
        }
        return comparison
    }

    /// A name for the rowid that no column of the table shadows.
    static func rowIDName(of table: PropertyTable) -> String {
        let names = Set(table.columns.map { $0.name.lowercased() })
        return ["rowid", "_rowid_", "oid"].first { !names.contains($0) } ?? "rowid"
    }

    /// What differs in `after` (the same table after the plan): the row count and a missing row (unless the
    /// plan may remove rows of the table), a kept value (a NULL made non-NULL by a new NOT NULL is expected, as
    /// is any value of a column in `converted`, which a placeholder converts, and a value STRICT refuses).
    /// `scratch` stores values again under their old types; without it (after a rollback), every value must
    /// be as it was.
    func differences(
        from after: PropertyRows?, wanted: PropertySchema, converted: Set<Int> = [], scratch: SQLiteConnection?,
        mayRemoveRows: Bool
    ) -> [String] {
        guard let after else { return ["table \(table): gone after the plan"] }
        var found: [String] = []
        if after.count != count, !mayRemoveRows || after.count > count {
            found.append("table \(table): \(count) rows before, \(after.count) after")
        }
        for (key, values) in rows.sorted(by: { "\($0.key)" < "\($1.key)" }) where found.count < 5 {
            guard let newValues = after.rows[key] else {
                if !mayRemoveRows { found.append("table \(table): row \(key) is gone") }
                continue
            }
            for (position, id) in columnIDs.enumerated() where !converted.contains(id) {
                let old = values[position]
                let comparison = scratch == nil ? Comparison() : comparisons[position]
                let new = comparison.roundTrip.flatMap { type in
                    scratch.map { Self.stored(newValues[position], as: type, in: $0) }
                }
                guard old != (new ?? newValues[position]) else { continue }
                let column = wanted.column(id)
                if old == .null, column?.isNotNull == true { continue }
                if let taken = comparison.strictClasses, !taken.contains(old.typeName), old != .null { continue }
                found.append(
                    "table \(table): row \(key) column \(column?.name ?? "\(id)"): "
                        + "\(old.debugText) → \(newValues[position].debugText)"
                        + (comparison.roundTrip.map { " (stored again as \($0): \(new?.debugText ?? ""))" } ?? ""))
            }
        }
        return found
    }

    /// `value` stored in a column of `type` (an ordinary table's), read back: what SQLite's affinity makes of it.
    static func stored(_ value: SQLiteValue, as type: String, in scratch: SQLiteConnection) -> SQLiteValue {
        let table = quoted("as \(type)")
        let declared = type.isEmpty ? "" : " \(type)"
        guard (try? scratch.execute(sql: "CREATE TABLE IF NOT EXISTS \(table) (v\(declared))")) != nil,
            (try? scratch.rows(sql: "INSERT INTO \(table) VALUES (?)", [value])) != nil,
            let row = try? scratch.rows(sql: "SELECT v FROM \(table) WHERE rowid = last_insert_rowid()").first,
            let stored = row.first
        else { return value }
        return stored
    }

    /// `sqlite_sequence` by folded table name (empty when no table uses AUTOINCREMENT).
    static func sequences(_ connection: SQLiteConnection) throws -> [String: Int64] {
        let exists = try connection.integer(sql: "SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_sequence'")
        guard exists > 0 else { return [:] }
        var result: [String: Int64] = [:]
        for row in try connection.rows(sql: "SELECT name, seq FROM sqlite_sequence") {
            if case .text(let name) = row[0], case .integer(let value) = row[1] { result[name.lowercased()] = value }
        }
        return result
    }
}

extension SQLiteValue {
    /// The value with its storage class, e.g. `integer 5`, `text 5`.
    var debugText: String { "\(typeName) \(self)" }
}
