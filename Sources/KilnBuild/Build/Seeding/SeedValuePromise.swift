import Kiln

/// What a column of a table that is not STRICT promises about the type of a seeded value, so a field the
/// column would keep as something else (`n/a` in an INTEGER column, `3.99` as REAL in an INTEGER column) is an
/// error at its field instead of a row no app expects. STRICT tables need none: SQLite refuses such values.
enum SeedValuePromise: Sendable, Equatable {
    /// Any value is kept as it converts: TEXT, BLOB and typeless columns, a NUMERIC-affinity column declared
    /// as something other than a number (`DATE`, `DATETIME`, `BOOLEAN`, which apps fill with text), and a
    /// column `kiln.json` lists under `textInNumericColumns`.
    case anyValue
    /// An INTEGER-affinity column: the value must be stored as an integer.
    case integer
    /// A REAL-affinity column: the value must be stored as a real.
    case real
    /// A column declared `NUMERIC` or `DECIMAL(…)`: the value must be stored as an integer or a real.
    case number

    /// The promise of `column` of `table`; `allowsText` when `kiln.json` lets it take text on purpose.
    ///
    /// - Returns: the promise to check after each row.
    static func of(_ column: TableSchema.Column, in table: TableSchema, allowsText: Bool) -> SeedValuePromise {
        guard !table.isStrict, !allowsText else { return .anyValue }
        switch column.affinity {
        case .integer: return .integer
        case .real: return .real
        case .numeric:
            let type = column.declaredType.uppercased()
            return type.contains("NUM") || type.contains("DEC") ? .number : .anyValue
        case .text, .blob, .none, .any: return .anyValue
        }
    }

    /// What a value must be for the column to keep its promise, for messages: `an integer`, `a number`.
    var wanted: String {
        switch self {
        case .anyValue: "any value"
        case .integer: "an integer"
        case .real, .number: "a number"
        }
    }

    /// Whether a value SQLite stores as `storedType` (`typeof()`'s answer) keeps the promise.
    func isKept(byStoredType storedType: String) -> Bool {
        switch self {
        case .anyValue: true
        case .integer: storedType == "integer"
        case .real: storedType == "real"
        case .number: storedType == "integer" || storedType == "real"
        }
    }
}

/// Asks SQLite which type a column of each numeric affinity stores a text value as, by storing it in a
/// temporary table with one such column each: the conversion is SQLite's own (leading and trailing spaces,
/// `1e3`, `3.0` into an INTEGER column), never re-implemented. Only fields that are not plain numeric
/// literals reach it, so it costs nothing on ordinary seeds.
final class SeedTypeProbe {
    private let store: SQLiteStatement
    private let read: SQLiteStatement

    /// Creates the temporary table on `connection` (once per connection) and prepares the two statements.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses them.
    init(connection: SQLiteConnection) throws {
        try connection.execute(
            sql: "CREATE TEMP TABLE IF NOT EXISTS kiln_seed_type_probe (i INTEGER, r REAL, n NUMERIC)")
        store = try connection.prepare(
            sql: "REPLACE INTO temp.kiln_seed_type_probe (rowid, i, r, n) VALUES (1, ?1, ?1, ?1)")
        read = try connection.prepare(sql: "SELECT typeof(i), typeof(r), typeof(n) FROM temp.kiln_seed_type_probe")
    }

    /// The type a column with `promise`'s affinity stores `text` as: `integer`, `real` or `text`.
    ///
    /// - Throws: ``SQLiteError`` when SQLite fails.
    func storedType(of text: UnsafeBufferPointer<UInt8>, for promise: SeedValuePromise) throws -> String {
        try store.bind(borrowedUTF8: text, at: 1)
        try store.run()
        try store.reset()
        let column =
            switch promise {
            case .integer: 0
            case .real: 1
            case .anyValue, .number: 2
            }
        let found = try read.step() ? read.text(at: column) : nil
        try read.reset()
        return found ?? "text"
    }
}
