import Kiln

/// The text a column holds by the patterns and lengths the whole history uses it with (``ColumnUses``): its first
/// pattern, varied by the serial, at a length its uses keep it within. It shapes the ordinary values of a text
/// column that no CHECK, JSON, date or number use shapes, and decides which unusual text is still of that
/// shape: empty text is not a file name every query matches with `'%.pdf'`.
struct HistoryShape {
    private let pattern: PatternText?
    /// Whether every pattern matches any text (`'%'`, `'*'`): only then may unusual text keep to them.
    private let patternsMatchAnything: Bool
    private let length: ClosedRange<Int>?

    /// The shape of `patterns` and `length`, or nil when the history names neither.
    init?(patterns: [ColumnHints.Pattern], length: ClosedRange<Int>?) {
        guard !patterns.isEmpty || length != nil else { return nil }
        pattern = patterns.first.map { first in
            switch first {
            case .glob(let text): PatternText(glob: text)
            case .like(let text): PatternText(like: text)
            }
        }
        patternsMatchAnything = patterns.allSatisfy { pattern in
            switch pattern {
            case .glob(let text): text.allSatisfy { $0 == "*" }
            case .like(let text): text.allSatisfy { $0 == "%" }
            }
        }
        self.length = length
    }

    /// The text for row `serial`: the pattern's text, or text of a length within the range (its middle, at
    /// most 40 characters past its lower end).
    func text(serial: Int64) -> String? {
        if let pattern { return pattern.text(serial: serial) }
        guard let length else { return nil }
        let upper = min(length.upperBound, length.lowerBound + 40)
        return SampleValue.text(length: length.lowerBound + (upper - length.lowerBound) / 2, serial: serial)
    }

    /// Whether unusual `value` fits: text that every pattern matches and whose length is within the range
    /// (counted in characters, as SQLite's `length` counts text).
    func admits(_ value: SQLiteValue) -> Bool {
        guard case .text(let text) = value else { return true }
        if !patternsMatchAnything { return false }
        return length.map { $0.contains(text.unicodeScalars.count) } ?? true
    }
}
