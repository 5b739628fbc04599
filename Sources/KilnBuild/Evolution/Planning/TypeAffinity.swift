import Kiln

/// A column's type affinity (<https://www.sqlite.org/datatype3.html#type_affinity>), and whether changing it
/// can change stored values.
enum TypeAffinity: String {
    case integer = "INTEGER"
    case text = "TEXT"
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"

    /// How a column's values fare when its affinity changes.
    enum Change: Equatable {
        /// Same affinity, or none: values are copied as they are.
        case same
        /// Every value survives exactly, possibly in another storage class (an integer becomes its text).
        case widening
        /// Every value survives exactly but those `ConversionGuard` finds row by row, on which the copy fails
        /// loudly instead of changing them.
        case guarded(ConversionGuard)
        /// Values may change or be refused: the developer writes the conversion.
        case narrowing
    }

    /// The affinity of `declaredType`, asked of SQLite: `CAST` converts by the affinity of the type it names,
    /// so the storage classes of `CAST('1.5' AS type)` and `CAST('1' AS type)` tell the five apart. A STRICT
    /// table's `ANY` keeps values as they are, like `BLOB`.
    static func of(_ declaredType: String, isStrict: Bool, on connection: SQLiteConnection) -> TypeAffinity {
        let type = declaredType
        if type.isEmpty || (isStrict && type.uppercased() == "ANY") { return .blob }
        // A declared type is words, numbers and their punctuation; anything else is not put into SQL text,
        // and SQLite's rule for a type that names none of its words is NUMERIC.
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_ (),.+-")
        guard type.allSatisfy({ allowed.contains($0) }),
            let row = try? connection.rows(
                sql: "SELECT typeof(CAST('1.5' AS \(type))), typeof(CAST('1' AS \(type)))"
            ).first, row.count == 2, case .text(let decimal) = row[0], case .text(let whole) = row[1]
        else { return .numeric }
        switch (decimal, whole) {
        case ("text", _): return .text
        case ("blob", _): return .blob
        case ("integer", _): return .integer
        case ("real", "real"): return .real
        default: return .numeric
        }
    }

    /// What moving values from a column of this affinity to one of `other` does. Widening: INTEGER to and from
    /// NUMERIC (the two store every value alike; they differ only in `CAST`), and INTEGER to TEXT when the
    /// column holds only integers (a STRICT one: an ordinary INTEGER column keeps `1.5` as a REAL). BLOB (no
    /// affinity) keeps every value. Guarded, a loss kiln can tell row by row: INTEGER or NUMERIC to REAL (exact
    /// up to 2^53: 9007199254740993 becomes 9007199254740992) and INTEGER, NUMERIC or REAL to TEXT (a REAL
    /// becomes text of 15 significant digits: `0.1 + 0.2` becomes `'0.3'`; integers and text are kept). Every
    /// other change needs a decision: text to a number (`'007'` becomes 7), REAL to NUMERIC or INTEGER
    /// (`3.0` becomes `3`, `1.5` stays a REAL), and BLOB (no affinity) to anything (its integer 5 and text
    /// `'5'` become equal as TEXT).
    func change(to other: TypeAffinity, holdsOnlyIntegers: Bool = false) -> Change {
        if self == other || other == .blob { return .same }
        switch (self, other) {
        case (.integer, .numeric), (.numeric, .integer): return .widening
        case (.integer, .text) where holdsOnlyIntegers: return .widening
        case (.integer, .real), (.numeric, .real): return .guarded(.integersBeyondReal)
        case (.integer, .text), (.numeric, .text), (.real, .text): return .guarded(.realsBeyondText)
        default: return .narrowing
        }
    }

    /// An expression of this affinity that any column of it accepts, for verification's stand-ins.
    var sampleValue: String {
        switch self {
        case .integer, .numeric: "0"
        case .real: "0.0"
        case .text: "''"
        case .blob: "x''"
        }
    }
}
