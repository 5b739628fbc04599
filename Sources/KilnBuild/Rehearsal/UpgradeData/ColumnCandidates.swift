import Kiln

/// The values one column of a generated row may take, best first, for SQLite to judge: text matching its
/// CHECKs' patterns and lengths, JSON where the schema treats it as JSON (else the literals its CHECKs name),
/// its DEFAULT literal, a date where its declared type, name, default or the history's use says so, a number
/// where the history compares it with one, text fitting the history's patterns and lengths where nothing else
/// shapes the column, then values of its type; NULL second when it may be NULL. A JSON DEFAULT (`'{}'`, `'[]'`)
/// means JSON. Everything but the serial is worked out once per table.
struct ColumnCandidates {
    /// What the table's CHECKs say about the column.
    private let hints: ColumnHints
    private let column: UpgradeTable.Column
    private let patterns: [PatternText]
    private let isJSON: Bool
    private let defaultLiteral: SQLiteValue?
    private let dateWithTime: Bool?
    private let isNumber: Bool
    /// The history's patterns and lengths, for a text column nothing else shapes (``Use/patterns``).
    private let shape: HistoryShape?

    /// How the history uses a column, beyond its table's CHECKs (``ColumnUses``).
    struct Use: Hashable {
        /// Read as JSON.
        var json = false
        /// Passed to or compared with a date and time function.
        var date = false
        /// Compared with a number.
        var number = false
        /// The patterns it is matched with.
        var patterns: [ColumnHints.Pattern] = []
        /// The lengths it is kept within.
        var length: ClosedRange<Int>?
    }

    /// The plan for `column`, with its CHECK `hints` and how the schema and the history use it (`use`).
    init(column: UpgradeTable.Column, hints: ColumnHints?, use: Use) {
        self.column = column
        self.hints = hints ?? ColumnHints()
        patterns = self.hints.patterns.map { pattern in
            switch pattern {
            case .glob(let text): PatternText(glob: text)
            case .like(let text): PatternText(like: text)
            }
        }
        defaultLiteral = Self.literal(column.defaultSQL)
        isJSON = self.hints.isJSON || use.json || Self.isJSONDocument(defaultLiteral)
        dateWithTime = Self.dateKind(of: column, usedAsDate: use.date)
        isNumber = use.number && [.text, .none, .any].contains(column.affinity) && dateWithTime == nil && !isJSON
        let shapedAlready = isJSON || dateWithTime != nil || isNumber || !self.hints.literals.isEmpty
        shape =
            shapedAlready || ![.text, .none, .any].contains(column.affinity)
            ? nil : HistoryShape(patterns: use.patterns, length: use.length)
    }

    /// Whether `value`, an unusual value of ``EdgeRow``, is within what the history's use of the column implies:
    /// never for a column with a kind beyond its declared type (JSON, a date, a number in a text column); text
    /// only when it fits the history's patterns and lengths.
    func admitsUnusual(_ value: SQLiteValue) -> Bool {
        if isJSON || dateWithTime != nil || isNumber { return false }
        return shape?.admits(value) ?? true
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
        if let shaped = shape?.text(serial: serial) { add(.text(shaped)) }
        if isJSON {
            SampleValue.json(types: hints.jsonTypes, serial: serial).forEach(add)
        } else if !hints.literals.isEmpty {
            let start = Int(serial.magnitude % UInt64(hints.literals.count))
            for offset in hints.literals.indices { add(hints.literals[(start + offset) % hints.literals.count]) }
        }
        if let defaultLiteral { add(defaultLiteral) }
        if let dateWithTime { add(.text(SampleValue.date(serial: serial, withTime: dateWithTime))) }
        if isNumber { add(.integer(serial)) }
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
        if let shaped = shape?.text(serial: serial) { return .text(shaped) }
        if isJSON { return SampleValue.json(types: hints.jsonTypes, serial: serial)[0] }
        if !hints.literals.isEmpty { return hints.literals[Int(serial.magnitude % UInt64(hints.literals.count))] }
        if let defaultLiteral { return defaultLiteral }
        if let dateWithTime { return .text(SampleValue.date(serial: serial, withTime: dateWithTime)) }
        if isNumber { return .integer(serial) }
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

    /// Whether `literal` is text holding a JSON object or array (`'{}'`, `'[]'`, `'{"a": 1}'`).
    private static func isJSONDocument(_ literal: SQLiteValue?) -> Bool {
        guard case .text(let text) = literal, let first = text.first, let last = text.last else { return false }
        return (first == "{" && last == "}") || (first == "[" && last == "]")
    }

    /// Whether the column holds dates: nil when nothing says so; otherwise whether with a time (`…_at`, a
    /// `CURRENT_TIMESTAMP` or `datetime` default, a `DATETIME` or `TIMESTAMP` type, a use by a date function
    /// anywhere in the history) or not (a `DATE` type, a name or default that says date).
    private static func dateKind(of column: UpgradeTable.Column, usedAsDate: Bool) -> Bool? {
        guard column.affinity != .integer, column.affinity != .real, column.affinity != .blob else { return nil }
        let name = column.name.lowercased()
        let defaultText = column.defaultSQL?.lowercased() ?? ""
        let type = column.declaredType.uppercased()
        if type.contains("DATETIME") || type.contains("TIMESTAMP") { return true }
        if type.contains("DATE") { return false }
        if usedAsDate || name.hasSuffix("_at") || name.hasSuffix("time") || defaultText.contains("current_timestamp")
            || defaultText.contains("datetime")
        {
            return true
        }
        let words = ["date", "_on", "day", "current_date", "'now'"]
        return words.contains { name.contains($0) || defaultText.contains($0) } ? false : nil
    }
}
