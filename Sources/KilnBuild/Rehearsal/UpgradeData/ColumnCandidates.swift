import Kiln

/// The values one column of a generated row may take, best first, for SQLite to judge: text matching its
/// CHECKs' patterns and lengths, JSON where the schema treats it as JSON (else the literals its CHECKs name),
/// its DEFAULT literal, a date where its name or default says so, then values of its type; NULL second when
/// it may be NULL. Everything but the serial is worked out once per table.
struct ColumnCandidates {
    /// What the table's CHECKs say about the column.
    private let hints: ColumnHints
    private let column: UpgradeTable.Column
    private let patterns: [PatternText]
    private let isJSON: Bool
    private let defaultLiteral: SQLiteValue?
    private let dateWithTime: Bool?

    /// The plan for `column`, with its CHECK `hints`, whether the schema reads it as JSON anywhere
    /// (`usedAsJSON`).
    init(column: UpgradeTable.Column, hints: ColumnHints?, usedAsJSON: Bool) {
        self.column = column
        self.hints = hints ?? ColumnHints()
        patterns = self.hints.patterns.map { pattern in
            switch pattern {
            case .glob(let text): PatternText(glob: text)
            case .like(let text): PatternText(like: text)
            }
        }
        isJSON = self.hints.isJSON || usedAsJSON
        defaultLiteral = Self.literal(column.defaultSQL)
        dateWithTime = Self.dateKind(of: column)
    }

    /// The candidates for the row numbered `serial`.
    ///
    /// - Returns: distinct values; just NULL for the rowid, which SQLite picks.
    func values(serial: Int64) -> [SQLiteValue] {
        guard !column.isRowID else { return [.null] }
        var values: [SQLiteValue] = []
        func add(_ value: SQLiteValue) { if !values.contains(value) { values.append(value) } }
        for pattern in patterns { add(.text(pattern.text(serial: serial))) }
        for length in hints.lengths { add(.text(SampleValue.text(length: length, serial: serial))) }
        if isJSON {
            SampleValue.json(types: hints.jsonTypes, serial: serial).forEach(add)
        } else if !hints.literals.isEmpty {
            let start = Int(serial.magnitude % UInt64(hints.literals.count))
            for offset in hints.literals.indices { add(hints.literals[(start + offset) % hints.literals.count]) }
        }
        if let defaultLiteral { add(defaultLiteral) }
        if let dateWithTime { add(.text(SampleValue.date(serial: serial, withTime: dateWithTime))) }
        add(SampleValue.of(column.affinity, serial: serial))
        add(SampleValue.of(column.affinity, serial: serial + 100_000))
        if !column.refusesNull { values.insert(.null, at: min(1, values.count)) }
        return values
    }

    /// The first of ``values(serial:)``, without working out the others (most rows need no other).
    ///
    /// - Returns: the value.
    func first(serial: Int64) -> SQLiteValue {
        if column.isRowID { return .null }
        if let pattern = patterns.first { return .text(pattern.text(serial: serial)) }
        if let length = hints.lengths.first { return .text(SampleValue.text(length: length, serial: serial)) }
        if isJSON { return SampleValue.json(types: hints.jsonTypes, serial: serial)[0] }
        if !hints.literals.isEmpty { return hints.literals[Int(serial.magnitude % UInt64(hints.literals.count))] }
        if let defaultLiteral { return defaultLiteral }
        if let dateWithTime { return .text(SampleValue.date(serial: serial, withTime: dateWithTime)) }
        return SampleValue.of(column.affinity, serial: serial)
    }

    /// The value of a DEFAULT that is a plain literal (`'posted'`, `0`, `-1.5`), or nil for an expression.
    private static func literal(_ sql: String?) -> SQLiteValue? {
        guard let sql else { return nil }
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        let negative = tokens.count == 2 && lexer.text(of: tokens[0]) == "-"
        guard let last = tokens.last, tokens.count == 1 || negative else { return nil }
        let text = lexer.text(of: last)
        switch last.kind {
        case .string where !negative: return lexer.literalValue(of: last).map { .text($0) }
        case .number:
            if let integer = Int64(text) { return .integer(negative ? -integer : integer) }
            return Double(text).map { .real(negative ? -$0 : $0) }
        default: return nil
        }
    }

    /// Whether the column holds dates: nil when nothing says so; otherwise whether with a time (`…_at`, a
    /// `CURRENT_TIMESTAMP` or `datetime` default) or not.
    private static func dateKind(of column: UpgradeTable.Column) -> Bool? {
        guard column.affinity != .integer, column.affinity != .real, column.affinity != .blob else { return nil }
        let name = column.name.lowercased()
        let defaultText = column.defaultSQL?.lowercased() ?? ""
        if name.hasSuffix("_at") || name.hasSuffix("time") || defaultText.contains("current_timestamp")
            || defaultText.contains("datetime")
        {
            return true
        }
        let words = ["date", "_on", "day", "current_date", "'now'"]
        return words.contains { name.contains($0) || defaultText.contains($0) } ? false : nil
    }
}
