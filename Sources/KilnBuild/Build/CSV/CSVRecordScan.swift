/// The progress of one record through ``CSVScanner``: where its current field started and what the scanner
/// expects next. A value local to the scan loop, so the hot path updates it without exclusivity checks on the
/// scanner.
struct CSVRecordScan {
    /// Where the scan of a record is.
    enum State {
        /// Before a field's first byte.
        case fieldStart
        /// Inside a field without quotes.
        case unquoted
        /// Inside a quoted field.
        case quoted
        /// Just after a quote inside a quoted field: a second quote, a delimiter or a line end must follow.
        case quoteInQuoted
        /// Just after a carriage return, which must be followed by a line feed.
        case carriageReturn
    }

    /// What comes next.
    var state = State.fieldStart
    /// The file offset of the current field's first byte.
    var fieldStart = 0
    /// The line of the current field's first byte.
    var fieldLine: Int
    /// The column of the current field's first byte.
    var fieldColumn = 1
    /// The line of the quote that opened the current quoted field.
    var quoteLine = 0
    /// The column of that quote.
    var quoteColumn = 0
    /// Whether the current field holds a byte above 0x7F, whose UTF-8 must be checked.
    var sawHighByte = false
    /// Whether the record has a first byte yet.
    var recordStarted = false
}
