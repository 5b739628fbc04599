import Kiln

/// A strict, streaming RFC 4180 reader (<https://www.rfc-editor.org/rfc/rfc4180>) that works on bytes.
///
/// It reads the file through a fixed-size buffer and keeps only the current record, so memory does not grow
/// with the file. Records end with LF or CR LF; fields are separated by the delimiter (`,` unless told
/// otherwise) and may be quoted with `"`, in which case they may hold delimiters, quotes (written `""`) and
/// line breaks, and a lone CR is data. The last record may lack its line ending. One leading UTF-8 byte
/// order mark is skipped.
///
/// Everything else is a ``CSVError`` at its line and column: invalid UTF-8, a NUL byte, a quote inside an
/// unquoted field, text after a closing quote, a quote never closed (reported where it opened), a CR not
/// followed by LF outside quotes, a blank line, a record whose field count differs from the first record's
/// (fields past that count are counted, not kept, so a line of millions of fields costs no memory), a first
/// record of more fields than a table can have columns, and a field longer than SQLite's length limit.
///
/// The reader owns its file and buffers and cannot be copied; they are released when it goes away.
///
/// ```swift
/// var reader = try CSVReader(path: "seeds/countries/country.csv", displayPath: "seeds/countries/country.csv")
/// while try reader.next() {
///     for field in reader.fields { reader.withBytes(of: field) { bytes in … } }
/// }
/// ```
package struct CSVReader: ~Copyable {
    private var scanner: CSVScanner

    /// Opens a file for reading.
    ///
    /// - Parameters:
    ///   - path: the file on disk.
    ///   - displayPath: how diagnostics name it.
    ///   - delimiter: the field separator, `,` by default.
    ///   - bufferSize: how many bytes to read at a time.
    ///   - maxFieldBytes: the longest field allowed: the database's `SQLITE_LIMIT_LENGTH`
    ///     (``SQLiteConnection/maxValueBytes``), SQLite's default of 1,000,000,000 bytes unless told.
    /// - Throws: ``CSVError`` when the file cannot be opened.
    package init(
        path: String, displayPath: String, delimiter: UInt8 = UInt8(ascii: ","), bufferSize: Int = 1 << 18,
        maxFieldBytes: Int = 1_000_000_000
    ) throws {
        let file: FileDescriptor
        do {
            file = try FileDescriptor(opening: path, .readOnly)
        } catch {
            throw CSVError(.cannotOpen(error), at: SourceLocation(path: displayPath, line: 1, column: 1))
        }
        scanner = CSVScanner(
            file: file, displayPath: displayPath, delimiter: delimiter, bufferSize: bufferSize,
            maxFieldBytes: maxFieldBytes)
    }

    /// The path diagnostics name.
    package var displayPath: String { scanner.displayPath }
    /// The field separator.
    package var delimiter: UInt8 { scanner.delimiter }
    /// The current record's fields, valid until the next call to ``next()``.
    package var fields: [CSVField] { scanner.fields }
    /// The 1-based line where the current record starts.
    package var recordLine: Int { scanner.recordLine }
    /// Bytes consumed from the file so far.
    package var bytesRead: Int { scanner.bytesRead }
    /// Bytes of the file the records so far took (``bytesRead`` runs ahead by what is buffered).
    package var bytesConsumed: Int { scanner.inputBase + scanner.inputPosition }
    /// The number of fields every record must have: the first record's count.
    package var expectedFieldCount: Int? { scanner.expectedFieldCount }

    /// Reads the next record.
    ///
    /// - Returns: false at the end of the file.
    /// - Throws: ``CSVError`` at the first byte that breaks the rules.
    @inline(__always)
    package mutating func next() throws -> Bool {
        try scanner.next()
    }

    /// Calls `body` with a field's bytes, which stay valid only during the call. The bytes are followed by a
    /// NUL in memory (not part of the buffer), so C functions such as `strtod` can read them in place.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    @inline(__always)
    package func withBytes<Result>(
        of field: CSVField, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeBufferPointer(start: scanner.storage + field.start, count: field.end - field.start))
    }

    /// A field's value as a string (for diagnostics and headers, not the hot path).
    ///
    /// - Returns: the field's bytes decoded as UTF-8.
    package func string(of field: CSVField) -> String {
        withBytes(of: field) { String(decoding: $0, as: UTF8.self) }
    }

    /// The location of a field, for diagnostics.
    ///
    /// - Returns: the file, line and column where the field starts.
    package func location(of field: CSVField) -> SourceLocation {
        SourceLocation(path: displayPath, line: field.line, column: field.column)
    }
}
