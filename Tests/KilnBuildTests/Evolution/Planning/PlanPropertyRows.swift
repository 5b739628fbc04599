import Kiln

@testable import KilnBuild

/// A table's rows as the property compares them: keyed by rowid when the table has one in both schemas, else
/// by its primary key, with the values of the columns kept under the same affinity.
struct PropertyRows {
    let table: String
    let columnIDs: [Int]
    let rows: [[SQLiteValue]: [SQLiteValue]]
    let count: Int

    /// The rows of every table A and B share, read with the names of `side` (A before the plan, B after).
    static func read(_ side: PropertySchema, pair: PropertyPair) -> [Int: PropertyRows] {
        var result: [Int: PropertyRows] = [:]
        for table in side.tables {
            guard let source = pair.original.table(table.id), let target = pair.wanted.table(table.id) else { continue }
            let kept = source.columns.filter { column in
                guard let wanted = target.column(column.id) else { return false }
                return column.generated == nil && wanted.generated == nil
                    && PropertyAffinity(column.type, strict: source.isStrict)
                        == PropertyAffinity(wanted.type, strict: target.isStrict)
            }.map(\.id)
            let key =
                source.hasRowID && target.hasRowID
                ? [rowIDName(of: table)] : table.primaryKey.compactMap { table.column($0).map { quoted($0.name) } }
            let values = kept.compactMap { table.column($0).map { quoted($0.name) } }
            let sql = "SELECT \((key + values).joined(separator: ", ")) FROM \(quoted(table.name))"
            var rows: [[SQLiteValue]: [SQLiteValue]] = [:]
            // A table the plan failed to make is reported as gone by `differences`.
            guard let all = try? pair.data.rows(sql: sql) else { continue }
            for row in all { rows[Array(row.prefix(key.count))] = Array(row.dropFirst(key.count)) }
            result[table.id] = PropertyRows(table: table.name, columnIDs: kept, rows: rows, count: all.count)
        }
        return result
    }

    /// A name for the rowid that no column of the table shadows.
    static func rowIDName(of table: PropertyTable) -> String {
        let names = Set(table.columns.map { $0.name.lowercased() })
        return ["rowid", "_rowid_", "oid"].first { !names.contains($0) } ?? "rowid"
    }

    /// What differs in `after` (the same table after the plan): the row count and a missing row (unless the
    /// plan may remove rows of the table), a kept value (a NULL made non-NULL by a new NOT NULL is expected).
    func differences(from after: PropertyRows?, wanted: PropertySchema, mayRemoveRows: Bool) -> [String] {
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
            for (position, id) in columnIDs.enumerated() where values[position] != newValues[position] {
                let column = wanted.column(id)
                if values[position] == .null, column?.isNotNull == true { continue }
                found.append(
                    "table \(table): row \(key) column \(column?.name ?? "\(id)"): "
                        + "\(values[position].debugText) → \(newValues[position].debugText)")
            }
        }
        return found
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
