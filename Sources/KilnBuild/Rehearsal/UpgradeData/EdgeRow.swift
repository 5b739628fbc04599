import Kiln

/// A row added after the valid ones to find real upgrade bugs: each prefers values that users' data holds and
/// migrations forget (a later UNIQUE index meets duplicates, a rebuild adding NOT NULL meets NULLs, an added
/// CHECK meets empty, long or non-ASCII text and boundary integers). SQLite still judges it: a preferred value
/// it rejects gives way to a valid one, and a row it rejects entirely is skipped. A column whose history
/// implies a kind (JSON, a date, a number) gets no unusual value: it keeps values of that kind; one the history
/// matches with patterns or keeps within lengths gets only unusual text that fits them.
enum EdgeRow: CaseIterable {
    /// Every column a copy of the table's first row (kept from the earliest version), where uniqueness allows.
    case duplicate
    /// NULL in every column that may hold it.
    case nulls
    /// Empty text and blobs, zeros.
    case empty
    /// 300-character text and blobs, 2^31.
    case long
    /// Non-ASCII text (accents, CJK, an emoji), -1.
    case nonASCII
    /// Integers beyond what a double holds exactly (2^53 + 1), large reals.
    case boundary

    /// The rows any device may hold: optional fields left NULL, text left empty, zeros. The others
    /// (duplicates, long, non-ASCII and boundary values) are adversarial: a failure only they cause is a risk.
    static let ordinary: [EdgeRow] = [.nulls, .empty]

    /// 300 characters, the length of ``long`` text (whose end is the row's serial).
    static let longText = String(repeating: "abcdefghij", count: 30)

    /// The values this row prefers, by slot of `filler`'s table.
    ///
    /// - Parameters:
    ///   - filler: the table's filler, whose slots the preferences are for.
    ///   - firstRow: the table's first row (in insert column order), for ``duplicate``.
    ///   - serial: the row's serial, which ends long and non-ASCII text so that a UNIQUE column takes them at
    ///     every version (duplicates are ``duplicate``'s job).
    /// - Returns: a tuple per slot that has a preference.
    func preferences(for filler: TableFiller, firstRow: [SQLiteValue]?, serial: Int64) -> [Int: [SQLiteValue]] {
        var preferences: [Int: [SQLiteValue]] = [:]
        for (index, slot) in filler.slots.enumerated() {
            switch self {
            case .duplicate:
                guard let firstRow, !slot.positions.contains(where: { filler.table.columns[$0].isRowID }) else {
                    continue
                }
                preferences[index] = slot.positions.map { firstRow[$0] }
            case .nulls:
                if slot.allowsNull { preferences[index] = slot.positions.map { _ in .null } }
            default:
                let column = filler.table.columns[slot.positions[0]]
                guard slot.foreignKey == nil, !column.isRowID, let value = value(for: column.affinity, serial: serial),
                    filler.plans[slot.positions[0]].admitsUnusual(value)
                else { continue }
                preferences[index] = [value]
            }
        }
        return preferences
    }

    /// The value preferred for a column of `affinity` in row `serial`, or nil for none.
    private func value(for affinity: SchemaModel.Affinity, serial: Int64) -> SQLiteValue? {
        let long = String(Self.longText.dropLast(String(serial).count + 1)) + " \(serial)"
        return switch (self, affinity) {
        case (.empty, .text), (.empty, .none), (.empty, .any): .text("")
        case (.long, .text), (.long, .none), (.long, .any): .text(long)
        case (.nonASCII, .text), (.nonASCII, .none), (.nonASCII, .any): .text("é 日本 😀 \(serial)")
        case (.empty, .integer), (.empty, .numeric): .integer(0)
        case (.long, .integer), (.long, .numeric): .integer(2_147_483_648)
        case (.nonASCII, .integer), (.nonASCII, .numeric): .integer(-1)
        case (.boundary, .integer), (.boundary, .numeric): .integer(9_007_199_254_740_993)
        case (.empty, .real): .real(0)
        case (.long, .real): .real(2_147_483_648.5)
        case (.nonASCII, .real): .real(-1.5)
        case (.boundary, .real): .real(1e15)
        case (.empty, .blob): .blob([])
        case (.long, .blob): .blob(Array(long.utf8))
        default: nil
        }
    }
}
