import Foundation
import Kiln

/// A strict, streaming RFC 4180 reader (<https://www.rfc-editor.org/rfc/rfc4180>) that works on bytes.
///
/// It reads the file through a fixed-size buffer and keeps only the current record, so memory does not grow
/// with the file. Records end with LF or CR LF; fields are separated by the delimiter (`,` unless told
/// otherwise) and may be quoted with `"`, in which case they may hold delimiters, quotes (written `""`) and
/// line breaks, and a lone CR is data. The last record may lack its line ending. One leading UTF-8 byte
/// order mark is skipped.
///
/// Everything else is an error at its line and column: invalid UTF-8, a NUL byte, a quote inside an unquoted
/// field, text after a closing quote, a quote never closed (reported where it opened), a CR not followed by
/// LF outside quotes, a blank line, and a record whose field count differs from the first record's.
///
/// ```swift
/// let reader = try CSVReader(path: "seeds/countries/country.csv", displayPath: "seeds/countries/country.csv")
/// while try reader.next() {
///     for field in reader.fields { reader.withBytes(of: field) { bytes in … } }
/// }
/// ```
public final class CSVReader {
    /// The path diagnostics name.
    public let displayPath: String
    /// The field separator.
    public let delimiter: UInt8
    /// The current record's fields, valid until the next call to ``next()``.
    public private(set) var fields: [CSVField] = []
    /// The 1-based line where the current record starts.
    public private(set) var recordLine = 0
    /// Bytes consumed from the file so far.
    public private(set) var bytesRead = 0
    /// The number of fields every record must have: the first record's count.
    public private(set) var expectedFieldCount: Int?

    private let descriptor: Int32
    private let input: UnsafeMutableRawBufferPointer
    private var inputCount = 0
    private var inputPosition = 0
    private var inputBase = 0  // file offset of input[0]
    private var atEndOfFile = false

    private var storage: UnsafeMutablePointer<UInt8>
    private var storageCapacity: Int
    private var storageCount = 0

    private var line = 1
    private var lineStart = 0  // file offset of the current line's first byte
    private var startedBOMCheck = false

    /// Opens a file for reading.
    ///
    /// - Parameters:
    ///   - path: the file on disk.
    ///   - displayPath: how diagnostics name it.
    ///   - delimiter: the field separator, `,` by default.
    ///   - bufferSize: how many bytes to read at a time.
    /// - Throws: ``CSVError`` when the file cannot be opened.
    public init(path: String, displayPath: String, delimiter: UInt8 = UInt8(ascii: ","), bufferSize: Int = 1 << 18) throws {
        self.displayPath = displayPath
        self.delimiter = delimiter
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw CSVError(
                message: "cannot open the file: \(String(cString: strerror(errno)))",
                location: SourceLocation(path: displayPath, line: 1, column: 1), hint: nil)
        }
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bufferSize, 16), alignment: 1)
        storageCapacity = 4096
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: storageCapacity)
    }

    deinit {
        close(descriptor)
        input.deallocate()
        storage.deallocate()
    }

    /// Calls `body` with a field's bytes, which stay valid only during the call. The bytes are followed by a
    /// NUL in memory (not part of the buffer), so C functions such as `strtod` can read them in place.
    public func withBytes<Result>(of field: CSVField, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage + field.start, count: field.end - field.start))
    }

    /// A field's value as a string (for diagnostics and headers, not the hot path).
    public func string(of field: CSVField) -> String {
        withBytes(of: field) { String(decoding: $0, as: UTF8.self) }
    }

    /// The location of a field, for diagnostics.
    public func location(of field: CSVField) -> SourceLocation {
        SourceLocation(path: displayPath, line: field.line, column: field.column)
    }

    // MARK: - Reading

    private enum State {
        case fieldStart
        case unquoted
        case quoted
        case quoteInQuoted
        case carriageReturn
    }

    /// Reads the next record.
    ///
    /// - Returns: false at the end of the file.
    /// - Throws: ``CSVError`` at the first byte that breaks the rules.
    public func next() throws -> Bool {
        fields.removeAll(keepingCapacity: true)
        storageCount = 0
        var state = State.fieldStart
        var fieldStart = 0
        var fieldLine = line
        var fieldColumn = 1
        var quoteLine = 0
        var quoteColumn = 0
        var sawHighByte = false
        var recordStarted = false

        if !startedBOMCheck {
            startedBOMCheck = true
            try skipByteOrderMark()
        }

        func beginField(at offset: Int) {
            fieldStart = storageCount
            fieldLine = line
            fieldColumn = offset - lineStart + 1
            sawHighByte = false
        }

        while true {
            if inputPosition == inputCount {
                if try !refill() { break }
            }
            let base = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let count = inputCount
            var index = inputPosition
            while index < count {
                let byte = base[index]
                switch state {
                case .fieldStart:
                    recordStarted = true
                    beginField(at: inputBase + index)
                    if byte == UInt8(ascii: "\"") {
                        state = .quoted
                        quoteLine = line
                        quoteColumn = inputBase + index - lineStart + 1
                        index += 1
                    } else {
                        state = .unquoted
                    }
                case .unquoted:
                    // Copy the run of ordinary bytes in one go.
                    let runStart = index
                    while index < count {
                        let next = base[index]
                        if next == delimiter || next == 0x0A || next == 0x0D || next == 0x22 || next == 0 { break }
                        if next >= 0x80 { sawHighByte = true }
                        index += 1
                    }
                    append(base + runStart, index - runStart)
                    guard index < count else { break }
                    let stop = base[index]
                    if stop == delimiter {
                        try endField(quoted: false, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        state = .fieldStart
                        index += 1
                        // A delimiter at the very end of a line still opens one more, empty field.
                        beginField(at: inputBase + index)
                    } else if stop == 0x0A {
                        try endField(quoted: false, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        index += 1
                        newLine(at: inputBase + index)
                        inputPosition = index
                        return try finishRecord()
                    } else if stop == 0x0D {
                        try endField(quoted: false, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        state = .carriageReturn
                        index += 1
                    } else if stop == 0x22 {
                        throw failure("a quote inside an unquoted field", at: inputBase + index,
                                      hint: "quote the whole field and double the quote inside it, e.g. \"say \"\"hi\"\"\"")
                    } else {
                        throw failure("a NUL byte", at: inputBase + index, hint: "CSV seeds hold text; remove the NUL byte")
                    }
                case .quoted:
                    let runStart = index
                    while index < count {
                        let next = base[index]
                        if next == 0x22 || next == 0x0A || next == 0 { break }
                        if next >= 0x80 { sawHighByte = true }
                        index += 1
                    }
                    append(base + runStart, index - runStart)
                    guard index < count else { break }
                    let stop = base[index]
                    if stop == 0x22 {
                        state = .quoteInQuoted
                        index += 1
                    } else if stop == 0x0A {
                        append(base + index, 1)
                        index += 1
                        newLine(at: inputBase + index)
                    } else {
                        throw failure("a NUL byte", at: inputBase + index, hint: "CSV seeds hold text; remove the NUL byte")
                    }
                case .quoteInQuoted:
                    if byte == 0x22 {
                        append(base + index, 1)
                        state = .quoted
                        index += 1
                    } else if byte == delimiter {
                        try endField(quoted: true, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        state = .fieldStart
                        index += 1
                        beginField(at: inputBase + index)
                    } else if byte == 0x0A {
                        try endField(quoted: true, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        index += 1
                        newLine(at: inputBase + index)
                        inputPosition = index
                        return try finishRecord()
                    } else if byte == 0x0D {
                        try endField(quoted: true, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
                        state = .carriageReturn
                        index += 1
                    } else {
                        throw failure("text after the closing quote of a field", at: inputBase + index,
                                      hint: "a quoted field ends at its closing quote; double a quote that belongs to the text (\"\")")
                    }
                case .carriageReturn:
                    guard byte == 0x0A else {
                        throw failure("a carriage return that is not followed by a line feed", at: inputBase + index - 1,
                                      hint: "end lines with LF or CR LF, or quote a field that holds a CR")
                    }
                    index += 1
                    newLine(at: inputBase + index)
                    inputPosition = index
                    return try finishRecord()
                }
            }
            inputPosition = index
        }

        // End of file.
        switch state {
        case .fieldStart:
            if !recordStarted { return false }
            // The record ended with a delimiter: one more, empty field.
            try endField(quoted: false, line: fieldLine, column: fieldColumn, start: storageCount, highBytes: false)
        case .unquoted:
            try endField(quoted: false, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
        case .quoteInQuoted:
            try endField(quoted: true, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
        case .quoted:
            throw CSVError(
                message: "a quoted field is never closed",
                location: SourceLocation(path: displayPath, line: quoteLine, column: quoteColumn),
                hint: "add the closing quote; a quote inside a quoted field is written twice (\"\")")
        case .carriageReturn:
            throw failure("a carriage return that is not followed by a line feed", at: inputBase + inputPosition - 1,
                          hint: "end lines with LF or CR LF")
        }
        return try finishRecord()
    }

    private func finishRecord() throws -> Bool {
        recordLine = fields.first?.line ?? line
        if fields.count == 1 && fields[0].isNull {
            throw CSVError(
                message: "a blank line", location: SourceLocation(path: displayPath, line: fields[0].line, column: 1),
                hint: "remove the blank line; every line must be a record (the file may end with one line break, not more)")
        }
        if let expected = expectedFieldCount {
            guard fields.count == expected else {
                throw CSVError(
                    message: "this record has \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header has \(expected)",
                    location: SourceLocation(path: displayPath, line: recordLine, column: 1),
                    hint: "quote fields that contain '\(Character(UnicodeScalar(delimiter)))' or line breaks")
            }
        } else {
            expectedFieldCount = fields.count
        }
        return true
    }

    private func endField(quoted: Bool, line: Int, column: Int, start: Int, highBytes: Bool) throws {
        if highBytes, let bad = invalidUTF8Offset(storage + start, storageCount - start) {
            // The location of the bad byte: count line breaks inside the field before it.
            var badLine = line
            var badColumn = column + (quoted ? 1 : 0) + bad
            var lastBreak = -1
            for offset in 0..<bad where storage[start + offset] == 0x0A {
                badLine += 1
                lastBreak = offset
            }
            if lastBreak >= 0 { badColumn = bad - lastBreak }
            throw CSVError(
                message: "invalid UTF-8", location: SourceLocation(path: displayPath, line: badLine, column: badColumn),
                hint: "save the file as UTF-8")
        }
        reserve(1)
        storage[storageCount] = 0
        fields.append(CSVField(start: start, end: storageCount, isQuoted: quoted, line: line, column: column))
        storageCount += 1
    }

    private func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        reserve(count)
        (storage + storageCount).update(from: bytes, count: count)
        storageCount += count
    }

    /// Makes room for `count` more bytes in the record storage.
    private func reserve(_ count: Int) {
        guard storageCount + count > storageCapacity else { return }
        var capacity = storageCapacity * 2
        while storageCount + count > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: storage, count: storageCount)
        storage.deallocate()
        storage = grown
        storageCapacity = capacity
    }

    private func newLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    private func failure(_ message: String, at offset: Int, hint: String?) -> CSVError {
        CSVError(message: message, location: SourceLocation(path: displayPath, line: line, column: offset - lineStart + 1), hint: hint)
    }

    /// Reads the next chunk; false at the end of the file.
    private func refill() throws -> Bool {
        guard !atEndOfFile else { return false }
        inputBase += inputCount
        inputPosition = 0
        inputCount = 0
        while true {
            let count = read(descriptor, input.baseAddress, input.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read the file: \(String(cString: strerror(errno)))", at: inputBase, hint: nil)
            }
            if count == 0 {
                atEndOfFile = true
                return false
            }
            inputCount = count
            bytesRead += count
            return true
        }
    }

    private func skipByteOrderMark() throws {
        guard try refill() else { return }
        let bytes = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if inputCount >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            inputPosition = 3
            lineStart = 3
        }
    }
}

/// The offset of the first byte that is not part of valid UTF-8, or nil when all of it is valid.
func invalidUTF8Offset(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = UnsafeBufferPointer(start: bytes, count: count).makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .error: return offset
        case .emptyInput: return nil
        }
    }
}
