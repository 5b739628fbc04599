import Kiln

/// The values generated rows are made of, all derived from a serial number (distinct per row of a table,
/// and derived from the schema version, see ``GeneratedRows/serialsPerVersion``), so that they are deterministic
/// and never repeat one another by accident.
enum SampleValue {
    /// A value of `affinity`'s storage class for row `serial`.
    ///
    /// - Returns: an integer, real, blob or text.
    static func of(_ affinity: SchemaModel.Affinity, serial: Int64) -> SQLiteValue {
        switch affinity {
        case .integer, .numeric: .integer(serial)
        case .real: .real(Double(serial) + 0.5)
        case .blob: .blob(Array("b\(serial)".utf8))
        case .text, .none, .any: .text("t\(serial)")
        }
    }

    /// Text of exactly `length` characters, starting with the serial so that rows differ.
    ///
    /// - Returns: the text.
    static func text(length: Int, serial: Int64) -> String {
        let start = "r\(serial)"
        guard start.count < length else { return String(start.prefix(length)) }
        return start + String(repeating: "x", count: length - start.count)
    }

    /// An ISO 8601 date (`YYYY-MM-DD`), `serial` days after 2020-01-01, with a time (`YYYY-MM-DD HH:MM:SS`)
    /// when `withTime`.
    ///
    /// - Returns: the text.
    static func date(serial: Int64, withTime: Bool) -> String {
        // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm, proleptic Gregorian calendar).
        let days = 18_262 + (serial.magnitude % 36_500).toInt64
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let date = "\(year)-\(twoDigits(month))-\(twoDigits(day))"
        guard withTime else { return date }
        let seconds = serial.magnitude % 86_400
        return date
            + " \(twoDigits(Int64(seconds / 3600))):\(twoDigits(Int64(seconds / 60 % 60))):\(twoDigits(Int64(seconds % 60)))"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// JSON documents for a column a CHECK or a `json_*` call wants as JSON, the types a CHECK names first.
    ///
    /// - Returns: texts of valid JSON.
    static func json(types: [String], serial: Int64) -> [SQLiteValue] {
        var documents: [String] = []
        for type in types {
            documents.append(type == "array" ? "[\(serial)]" : "{\"k\": \(serial)}")
        }
        documents += ["{\"k\": \(serial)}", "[\(serial)]", "{}", "[]"]
        return documents.map(SQLiteValue.text)
    }
}

extension UInt64 {
    /// The value as `Int64` (callers keep it in range).
    fileprivate var toInt64: Int64 { Int64(truncatingIfNeeded: self) }
}
