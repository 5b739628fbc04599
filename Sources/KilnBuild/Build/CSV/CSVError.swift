import Kiln

/// A CSV file that breaks the strict RFC 4180 rules kiln reads by, at the place it breaks them.
///
/// ``reason`` says what is wrong, so a caller can tell a bad quote from invalid UTF-8 without reading text;
/// the message and hint are worded from it when ``diagnostics`` is read.
package struct CSVError: DiagnosticError, Equatable {
    /// What is wrong with the file.
    package enum Reason: Equatable, Sendable {
        /// The file cannot be opened.
        case cannotOpen(FileSystemError)
        /// Reading the file failed part way.
        case cannotRead(FileSystemError)
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A NUL byte, which text never holds.
        case nulByte
        /// A `"` inside a field that does not start with one.
        case quoteInUnquotedField
        /// Text between a field's closing quote and the next delimiter or line break.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the file (the location is its opening quote).
        case unclosedQuote
        /// A carriage return outside quotes without a line feed after it; `atEndOfFile` when it is the file's
        /// last byte.
        case carriageReturnWithoutLineFeed(atEndOfFile: Bool)
        /// An empty line between or after records.
        case blankLine
        /// A record whose field count differs from the header's.
        case fieldCount(found: Int, expected: Int, delimiter: UInt8)
        /// A first record with more fields than SQLite allows a table columns (the location is the first
        /// field too many).
        case tooManyFields(limit: Int)
        /// A field longer than SQLite allows a string or blob to be (its `SQLITE_LIMIT_LENGTH`, in bytes).
        case fieldTooLong(limit: Int)
    }

    /// What is wrong.
    package let reason: Reason
    /// Where: path, line and byte column.
    package let location: SourceLocation

    /// An error for `reason` at `location`.
    package init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// What is wrong, lowercase.
    package var message: String {
        switch reason {
        case .cannotOpen(let error): "cannot open the file: \(error.systemMessage)"
        case .cannotRead(let error): "cannot read the file: \(error.systemMessage)"
        case .invalidUTF8: "invalid UTF-8"
        case .nulByte: "a NUL byte"
        case .quoteInUnquotedField: "a quote inside an unquoted field"
        case .textAfterClosingQuote: "text after the closing quote of a field"
        case .unclosedQuote: "a quoted field is never closed"
        case .carriageReturnWithoutLineFeed: "a carriage return that is not followed by a line feed"
        case .blankLine: "a blank line"
        case .fieldCount(let found, let expected, _):
            "this record has \(found) field\(found == 1 ? "" : "s"), but the header has \(expected)"
        case .tooManyFields(let limit): "the header has more than \(limit) fields, more than a table can have columns"
        case .fieldTooLong(let limit): "this field is longer than SQLite allows (\(limit) bytes)"
        }
    }

    /// How to fix it, when there is something to say.
    package var hint: String? {
        switch reason {
        case .cannotOpen, .cannotRead: nil
        case .invalidUTF8: "save the file as UTF-8"
        case .nulByte: "CSV seeds hold text; remove the NUL byte"
        case .quoteInUnquotedField: "quote the whole field and double the quote inside it, e.g. \"say \"\"hi\"\"\""
        case .textAfterClosingQuote:
            "a quoted field ends at its closing quote; double a quote that belongs to the text (\"\")"
        case .unclosedQuote: "add the closing quote; a quote inside a quoted field is written twice (\"\")"
        case .carriageReturnWithoutLineFeed(let atEndOfFile):
            atEndOfFile ? "end lines with LF or CR LF" : "end lines with LF or CR LF, or quote a field that holds a CR"
        case .blankLine:
            "remove the blank line; every line must be a record (the file may end with one line break, not more)"
        case .fieldCount(_, _, let delimiter):
            "quote fields that contain '\(Character(UnicodeScalar(delimiter)))' or line breaks"
        case .tooManyFields: "check the file's delimiter, or that its first line is the header"
        case .fieldTooLong: "store a value this large outside the database, or split it across rows"
        }
    }

    /// One error at ``location``.
    package var diagnostics: [Diagnostic] { [Diagnostic(.error, message, at: location, hint: hint)] }
}
