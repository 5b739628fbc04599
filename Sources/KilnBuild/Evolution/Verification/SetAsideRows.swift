import Kiln

/// Rows of a data set that the planned migration cannot carry (they break the wanted schema's constraints, or
/// refer to such rows), removed from that data set before the proof runs on what remains. A device holding
/// such rows fails the migration, which then rolls back: nothing is lost, but the developer must know.
package struct SetAsideRows: Sendable, Equatable {
    /// The data set: `generated rows` or a fixture's path.
    package var dataSet: String
    /// The table in the current schema.
    package var table: String
    /// How many of its rows.
    package var count: Int
    /// Why, e.g. `UNIQUE constraint failed: account.handle`.
    package var reason: String

    /// Rows set aside, from their parts.
    package init(dataSet: String, table: String, count: Int, reason: String) {
        self.dataSet = dataSet
        self.table = table
        self.count = count
        self.reason = reason
    }

    /// E.g. `3 generated rows of book set aside: their foreign key matches no row of author`.
    package var description: String {
        let rows = "\(count) \(dataSet == "generated rows" ? "generated row" : "row")\(count == 1 ? "" : "s")"
        let from = dataSet == "generated rows" ? "" : " of \(dataSet)"
        return "\(rows)\(from) of \(table) set aside: \(reason)"
    }

    /// `rows` with the same data set, table and reason counted together, in first-seen order.
    static func merged(_ rows: [SetAsideRows]) -> [SetAsideRows] {
        var merged: [SetAsideRows] = []
        for row in rows {
            if let index = merged.firstIndex(where: {
                ($0.dataSet, $0.table, $0.reason) == (row.dataSet, row.table, row.reason)
            }) {
                merged[index].count += row.count
            } else {
                merged.append(row)
            }
        }
        return merged
    }
}

/// One row of a table, named by its rowid, or by its primary key's values (in key order) in a table without
/// rowid.
struct RowKey: Hashable {
    /// The table, as the data set names it.
    var table: String
    /// The rowid, or the primary key's values.
    var values: [SQLiteValue]
    /// Whether `values` is the rowid.
    var isRowID: Bool
    /// Why it cannot be carried.
    var reason: String
}
