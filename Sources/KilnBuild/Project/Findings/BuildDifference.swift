import Kiln

/// The first place where two builds of the same database hold different data: the first table (by name) whose
/// rows differ, the first differing row by key, and the first differing column of that row.
package struct BuildDifference: Sendable, Equatable {
    /// What differs at the row.
    package enum Kind: Sendable, Equatable {
        /// The column holds `first` in one build and `second` in the other.
        case value(column: String, first: SQLiteValue, second: SQLiteValue)
        /// The row exists only in the first build.
        case onlyInFirst
        /// The row exists only in the second build.
        case onlyInSecond
        /// The schema entry (table, index, trigger or view) of this name differs.
        case schema
    }

    /// The table (or schema entry) that differs.
    package let table: String
    /// The row's key, as SQL: `id = 3`, `a = 'x', b = 2`, or `rowid = 7` for a table without a primary key;
    /// empty for a schema difference.
    package let key: String
    /// What differs.
    package let kind: Kind

    /// A difference in `table` at the row `key`.
    package init(table: String, key: String, kind: Kind) {
        self.table = table
        self.key = key
        self.kind = kind
    }

    /// The difference in words, e.g. `table 'event', row id = 3, column 'created_at': 1700000000 in one build,
    /// 1700000001 in the other`.
    package var message: String {
        switch kind {
        case .value(let column, let first, let second):
            "table '\(table)', row \(key), column '\(column)': \(Self.literal(first)) in one build, \(Self.literal(second)) in the other"
        case .onlyInFirst, .onlyInSecond: "table '\(table)': the row \(key) exists in only one of the builds"
        case .schema: "the schema of '\(table)' differs between the builds"
        }
    }

    /// A value as an SQL literal: quoted text, `x'…'` blobs, numbers and `NULL` as they are.
    static func literal(_ value: SQLiteValue) -> String {
        if case .text(let text) = value { return SQLText.literal(text) }
        return value.description
    }
}
