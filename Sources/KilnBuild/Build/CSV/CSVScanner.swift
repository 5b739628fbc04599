import Kiln

/// The state machine behind ``CSVReader``.
///
/// It owns the file, the input buffer the file is read through and the record storage that holds the
/// current record's values (each followed by a NUL, for `strtod`). It cannot be copied; `deinit` frees the
/// buffers and the file closes itself. The hot path (``next()`` and the scanning steps it calls) is inlined
/// into one loop over the buffered bytes, with the record's progress in a local ``CSVRecordScan``.
struct CSVScanner: ~Copyable {
    /// The path diagnostics name.
    let displayPath: String
    /// The field separator.
    let delimiter: UInt8
    /// The current record's fields.
    private(set) var fields: [CSVField] = []
    /// The 1-based line where the current record starts.
    private(set) var recordLine = 0
    /// Bytes read from the file so far.
    var bytesRead = 0
    /// The first record's field count, once it is read.
    private(set) var expectedFieldCount: Int?
    /// The longest field allowed, in bytes: SQLite's length limit for a string or blob.
    let maxFieldBytes: Int
    /// The most fields a record may keep: the first record's count once it is read, ``maxFieldCount`` before.
    private var fieldLimit = CSVScanner.maxFieldCount
    /// Fields of the current record beyond ``fieldLimit``: counted, not kept, so memory stays bounded.
    private var extraFields = 0
    /// Record-storage offsets of the quotes kept from `""` pairs in the current record, so a location inside
    /// a field can count the byte each pair dropped.
    private var doubledQuotes: [Int] = []
    /// The current record's values, each followed by a NUL.
    private(set) var storage: UnsafeMutablePointer<UInt8>

    let file: FileDescriptor
    let input: UnsafeMutablePointer<UInt8>
    let inputCapacity: Int
    var inputCount = 0
    var inputPosition = 0
    /// The file offset of `input[0]`.
    var inputBase = 0
    var atEndOfFile = false
    private var storageCapacity = 4096
    private var storageCount = 0
    private var line = 1
    /// The file offset of the current line's first byte.
    var lineStart = 0
    var checkedByteOrderMark = false

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let quote: UInt8 = 0x22
    /// The most fields a first record (a header) may have: SQLite's hard upper bound on a table's columns
    /// (`SQLITE_MAX_COLUMN` cannot be set above 32767), so a longer header names columns no table has.
    static let maxFieldCount = 32767

    /// A scanner reading `file` through a buffer of `bufferSize` bytes (at least 16), refusing fields longer
    /// than `maxFieldBytes`.
    init(file: consuming FileDescriptor, displayPath: String, delimiter: UInt8, bufferSize: Int, maxFieldBytes: Int) {
        self.file = file
        self.displayPath = displayPath
        self.delimiter = delimiter
        self.maxFieldBytes = maxFieldBytes
        inputCapacity = max(bufferSize, 16)
        input = UnsafeMutablePointer<UInt8>.allocate(capacity: inputCapacity)
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: storageCapacity)
    }

    deinit {
        input.deallocate()
        storage.deallocate()
    }

    // MARK: - Records

    /// Reads the next record.
    ///
    /// - Returns: false at the end of the file.
    /// - Throws: ``CSVError`` at the first byte that breaks the rules.
    @inline(__always)
    mutating func next() throws -> Bool {
        fields.removeAll(keepingCapacity: true)
        storageCount = 0
        extraFields = 0
        if !doubledQuotes.isEmpty { doubledQuotes.removeAll(keepingCapacity: true) }
        if !checkedByteOrderMark { try skipByteOrderMark() }
        var scan = CSVRecordScan(fieldLine: line)
        while try inputPosition < inputCount || refill() {
            if try scanBufferedBytes(&scan) { return try finishRecord() }
        }
        return try finishAtEndOfFile(scan)
    }

    /// Scans the buffered input until the record ends (true) or the buffer does (false).
    @inline(__always)
    private mutating func scanBufferedBytes(_ scan: inout CSVRecordScan) throws -> Bool {
        let bytes = input
        let count = inputCount
        var index = inputPosition
        defer { inputPosition = index }
        while index < count {
            switch scan.state {
            case .fieldStart:
                openField(&scan, bytes[index], index: &index)
            case .unquoted:
                if try scanUnquoted(&scan, bytes, count, index: &index) { return true }
            case .quoted:
                try scanQuoted(&scan, bytes, count, index: &index)
            case .quoteInQuoted:
                if try scanAfterQuote(&scan, bytes[index], index: &index) { return true }
            case .carriageReturn:
                guard bytes[index] == Self.lineFeed else {
                    throw failure(.carriageReturnWithoutLineFeed(atEndOfFile: false), at: inputBase + index - 1)
                }
                index += 1
                newLine(at: inputBase + index)
                return true
            }
        }
        return false
    }

    /// Starts a field at `byte`: quoted when it is a quote (which is skipped), unquoted otherwise.
    @inline(__always)
    private mutating func openField(_ scan: inout CSVRecordScan, _ byte: UInt8, index: inout Int) {
        scan.recordStarted = true
        startField(&scan, at: inputBase + index)
        guard byte == Self.quote else {
            scan.state = .unquoted
            return
        }
        scan.state = .quoted
        scan.quoteLine = line
        scan.quoteColumn = inputBase + index - lineStart + 1
        index += 1
    }

    /// Copies a run of ordinary bytes of an unquoted field, then handles the byte that stopped it; true when
    /// the record ends there.
    @inline(__always)
    private mutating func scanUnquoted(
        _ scan: inout CSVRecordScan, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, index: inout Int
    ) throws -> Bool {
        let delimiter = self.delimiter
        let runStart = index
        while index < count {
            let byte = bytes[index]
            if byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn || byte == Self.quote
                || byte == 0
            {
                break
            }
            if byte >= 0x80 { scan.sawHighByte = true }
            index += 1
        }
        append(bytes + runStart, index - runStart)
        guard index < count else {
            // The field goes on past the buffer: check its length so far (``endField`` checks the rest).
            try checkLength(scan)
            return false
        }
        let stop = bytes[index]
        if stop == Self.quote { throw failure(.quoteInUnquotedField, at: inputBase + index) }
        if stop == 0 { throw failure(.nulByte, at: inputBase + index) }
        return try terminateField(&scan, at: stop, quoted: false, index: &index)
    }

    /// Copies a run of a quoted field's bytes, then handles the quote, line feed or NUL that stopped it.
    @inline(__always)
    private mutating func scanQuoted(
        _ scan: inout CSVRecordScan, _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int, index: inout Int
    ) throws {
        let runStart = index
        while index < count {
            let byte = bytes[index]
            if byte == Self.quote || byte == Self.lineFeed || byte == 0 { break }
            if byte >= 0x80 { scan.sawHighByte = true }
            index += 1
        }
        append(bytes + runStart, index - runStart)
        guard index < count else {
            try checkLength(scan)
            return
        }
        switch bytes[index] {
        case Self.quote:
            scan.state = .quoteInQuoted
            index += 1
        case Self.lineFeed:
            append(bytes + index, 1)
            index += 1
            newLine(at: inputBase + index)
        default:
            throw failure(.nulByte, at: inputBase + index)
        }
    }

    /// The byte after a quote inside a quoted field: a second quote (data), or the end of the field; true
    /// when the record ends there.
    @inline(__always)
    private mutating func scanAfterQuote(_ scan: inout CSVRecordScan, _ byte: UInt8, index: inout Int) throws -> Bool {
        if byte == Self.quote {
            doubledQuotes.append(storageCount)
            append(input + index, 1)
            scan.state = .quoted
            index += 1
            return false
        }
        guard byte == delimiter || byte == Self.lineFeed || byte == Self.carriageReturn else {
            throw failure(.textAfterClosingQuote, at: inputBase + index)
        }
        return try terminateField(&scan, at: byte, quoted: true, index: &index)
    }

    /// Ends the field at `stop` (a delimiter, LF or CR at `index`) and moves `index` past it; true when the
    /// record ends there.
    @inline(__always)
    private mutating func terminateField(
        _ scan: inout CSVRecordScan, at stop: UInt8, quoted: Bool, index: inout Int
    ) throws -> Bool {
        try endField(scan, quoted: quoted, start: scan.fieldStart)
        index += 1
        if stop == delimiter {
            // A delimiter at the very end of a line still opens one more, empty field.
            scan.state = .fieldStart
            startField(&scan, at: inputBase + index)
            return false
        }
        if stop == Self.lineFeed {
            newLine(at: inputBase + index)
            return true
        }
        scan.state = .carriageReturn
        return false
    }

    /// Notes where a field starts: its place in the record storage and its line and column.
    @inline(__always)
    private mutating func startField(_ scan: inout CSVRecordScan, at offset: Int) {
        scan.fieldStart = storageCount
        scan.fieldLine = line
        scan.fieldColumn = offset - lineStart + 1
        scan.sawHighByte = false
    }

    /// Ends the record the file's end cut off, or reports that no record is left (false).
    private mutating func finishAtEndOfFile(_ scan: CSVRecordScan) throws -> Bool {
        switch scan.state {
        case .fieldStart:
            guard scan.recordStarted else { return false }
            // The record ended with a delimiter: one more, empty field.
            var empty = scan
            empty.sawHighByte = false
            try endField(empty, quoted: false, start: storageCount)
        case .unquoted:
            try endField(scan, quoted: false, start: scan.fieldStart)
        case .quoteInQuoted:
            try endField(scan, quoted: true, start: scan.fieldStart)
        case .quoted:
            throw CSVError(
                .unclosedQuote, at: SourceLocation(path: displayPath, line: scan.quoteLine, column: scan.quoteColumn))
        case .carriageReturn:
            throw failure(.carriageReturnWithoutLineFeed(atEndOfFile: true), at: inputBase + inputPosition - 1)
        }
        return try finishRecord()
    }

    /// Checks the record just read: not a blank line, and as many fields as the first record.
    ///
    /// - Returns: true.
    private mutating func finishRecord() throws -> Bool {
        recordLine = fields.first?.line ?? line
        if fields.count == 1 && fields[0].isNull && extraFields == 0 {
            throw CSVError(.blankLine, at: SourceLocation(path: displayPath, line: fields[0].line, column: 1))
        }
        guard let expected = expectedFieldCount else {
            expectedFieldCount = fields.count
            fieldLimit = fields.count
            return true
        }
        guard fields.count + extraFields == expected else {
            throw CSVError(
                .fieldCount(found: fields.count + extraFields, expected: expected, delimiter: delimiter),
                at: SourceLocation(path: displayPath, line: recordLine, column: 1))
        }
        return true
    }

    // MARK: - Fields and storage

    /// Ends the field whose bytes start at `start` in the record storage: checks its UTF-8 (when it holds
    /// bytes above ASCII), terminates it with a NUL and records it.
    @inline(__always)
    private mutating func endField(_ scan: CSVRecordScan, quoted: Bool, start: Int) throws {
        if scan.sawHighByte, let bad = UTF8Validation.firstInvalidOffset(storage + start, storageCount - start) {
            throw CSVError(
                .invalidUTF8, at: invalidByteLocation(scan, quoted: quoted, start: start, offset: bad))
        }
        try checkLength(scan)
        guard fields.count < fieldLimit else {
            try dropExtraField(scan, start: start)
            return
        }
        reserve(1)
        storage[storageCount] = 0
        fields.append(
            CSVField(
                start: start, end: storageCount, isQuoted: quoted, line: scan.fieldLine, column: scan.fieldColumn))
        storageCount += 1
    }

    /// A field past the first record's count (or past ``maxFieldCount`` in the first record): counted and
    /// its bytes dropped, so a record of millions of fields holds no more than the header's.
    ///
    /// - Throws: ``CSVError`` at the field when the first record has more fields than any table has columns.
    private mutating func dropExtraField(_ scan: CSVRecordScan, start: Int) throws {
        guard expectedFieldCount != nil else {
            throw CSVError(
                .tooManyFields(limit: fieldLimit),
                at: SourceLocation(path: displayPath, line: scan.fieldLine, column: scan.fieldColumn))
        }
        extraFields += 1
        storageCount = start
        while let last = doubledQuotes.last, last >= start { doubledQuotes.removeLast() }
    }

    /// Throws when the field being scanned is longer than ``maxFieldBytes``.
    ///
    /// - Throws: ``CSVError`` at the field's start.
    @inline(__always)
    private func checkLength(_ scan: CSVRecordScan) throws {
        guard storageCount - scan.fieldStart > maxFieldBytes else { return }
        throw CSVError(
            .fieldTooLong(limit: maxFieldBytes),
            at: SourceLocation(path: displayPath, line: scan.fieldLine, column: scan.fieldColumn))
    }

    /// The location of the invalid byte `offset` bytes into a field: line breaks inside the field move it,
    /// and each `""` before it on its line counts two columns for the one byte it keeps.
    private func invalidByteLocation(_ scan: CSVRecordScan, quoted: Bool, start: Int, offset: Int) -> SourceLocation {
        var badLine = scan.fieldLine
        var badColumn = scan.fieldColumn + (quoted ? 1 : 0) + offset
        var lastBreak = -1
        for index in 0..<offset where storage[start + index] == Self.lineFeed {
            badLine += 1
            lastBreak = index
        }
        if lastBreak >= 0 { badColumn = offset - lastBreak }
        let lineStart = start + lastBreak + 1
        badColumn += doubledQuotes.count(where: { $0 >= lineStart && $0 < start + offset })
        return SourceLocation(path: displayPath, line: badLine, column: badColumn)
    }

    /// Appends `count` bytes to the record storage.
    @inline(__always)
    private mutating func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        reserve(count)
        (storage + storageCount).update(from: bytes, count: count)
        storageCount += count
    }

    /// Makes room for `count` more bytes in the record storage.
    @inline(__always)
    private mutating func reserve(_ count: Int) {
        if storageCount + count > storageCapacity { grow(toFit: count) }
    }

    /// Doubles the record storage until `count` more bytes fit.
    private mutating func grow(toFit count: Int) {
        var capacity = storageCapacity * 2
        while storageCount + count > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: storage, count: storageCount)
        storage.deallocate()
        storage = grown
        storageCapacity = capacity
    }

    // MARK: - Input

    @inline(__always)
    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    /// An error at file offset `offset` of the current line.
    func failure(_ reason: CSVError.Reason, at offset: Int) -> CSVError {
        CSVError(reason, at: SourceLocation(path: displayPath, line: line, column: offset - lineStart + 1))
    }
}
