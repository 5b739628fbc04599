import Foundation
import Kiln

/// The state machine behind ``CSVReader``, kept in a struct so the hot loop works on local state (no
/// exclusivity checks on class properties per byte or per field). ``CSVReader`` swaps it out for the length
/// of each ``next()`` call.
struct CSVScanner {
    let displayPath: String
    let delimiter: UInt8
    let descriptor: Int32
    let input: UnsafeMutableRawBufferPointer
    var fields: [CSVField] = []
    var recordLine = 0
    var bytesRead = 0
    var expectedFieldCount: Int?
    var inputCount = 0
    var inputPosition = 0
    var inputBase = 0  // file offset of input[0]
    var atEndOfFile = false
    var storage: UnsafeMutablePointer<UInt8>
    var storageCapacity: Int
    var storageCount = 0
    var line = 1
    var lineStart = 0  // file offset of the current line's first byte
    var startedBOMCheck = false

    init(displayPath: String, delimiter: UInt8, descriptor: Int32, bufferSize: Int) {
        self.displayPath = displayPath
        self.delimiter = delimiter
        self.descriptor = descriptor
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bufferSize, 16), alignment: 1)
        storageCapacity = 4096
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: storageCapacity)
    }

    /// A placeholder that owns nothing, swapped in while the real scanner is out.
    init() {
        displayPath = ""
        delimiter = 0
        descriptor = -1
        input = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        storage = UnsafeMutablePointer<UInt8>(bitPattern: 1)!
        storageCapacity = 0
    }

    /// Frees the buffers and closes the file.
    func release() {
        close(descriptor)
        input.deallocate()
        storage.deallocate()
    }

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
    mutating func next() throws -> Bool {
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

        /// Ends the field at `stop` (a delimiter, LF or CR at `index`) and moves `index` past it; returns true when
        /// the record ends there.
        func terminateField(at stop: UInt8, quoted: Bool, index: inout Int) throws -> Bool {
            try endField(
                quoted: quoted, line: fieldLine, column: fieldColumn, start: fieldStart, highBytes: sawHighByte)
            index += 1
            if stop == delimiter {
                state = .fieldStart
                // A delimiter at the very end of a line still opens one more, empty field.
                beginField(at: inputBase + index)
                return false
            }
            if stop == 0x0A {
                newLine(at: inputBase + index)
                return true
            }
            state = .carriageReturn
            return false
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
                    if stop == delimiter || stop == 0x0A || stop == 0x0D {
                        if try terminateField(at: stop, quoted: false, index: &index) {
                            inputPosition = index
                            return try finishRecord()
                        }
                    } else if stop == 0x22 {
                        throw failure(
                            "a quote inside an unquoted field", at: inputBase + index,
                            hint: "quote the whole field and double the quote inside it, e.g. \"say \"\"hi\"\"\"")
                    } else {
                        throw failure(
                            "a NUL byte", at: inputBase + index, hint: "CSV seeds hold text; remove the NUL byte")
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
                        throw failure(
                            "a NUL byte", at: inputBase + index, hint: "CSV seeds hold text; remove the NUL byte")
                    }
                case .quoteInQuoted:
                    if byte == 0x22 {
                        append(base + index, 1)
                        state = .quoted
                        index += 1
                    } else if byte == delimiter || byte == 0x0A || byte == 0x0D {
                        if try terminateField(at: byte, quoted: true, index: &index) {
                            inputPosition = index
                            return try finishRecord()
                        }
                    } else {
                        throw failure(
                            "text after the closing quote of a field", at: inputBase + index,
                            hint:
                                "a quoted field ends at its closing quote; double a quote that belongs to the text (\"\")"
                        )
                    }
                case .carriageReturn:
                    guard byte == 0x0A else {
                        throw failure(
                            "a carriage return that is not followed by a line feed", at: inputBase + index - 1,
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
            throw failure(
                "a carriage return that is not followed by a line feed", at: inputBase + inputPosition - 1,
                hint: "end lines with LF or CR LF")
        }
        return try finishRecord()
    }

    private mutating func finishRecord() throws -> Bool {
        recordLine = fields.first?.line ?? line
        if fields.count == 1 && fields[0].isNull {
            throw CSVError(
                message: "a blank line", location: SourceLocation(path: displayPath, line: fields[0].line, column: 1),
                hint:
                    "remove the blank line; every line must be a record (the file may end with one line break, not more)"
            )
        }
        if let expected = expectedFieldCount {
            guard fields.count == expected else {
                throw CSVError(
                    message:
                        "this record has \(fields.count) field\(fields.count == 1 ? "" : "s"), but the header has \(expected)",
                    location: SourceLocation(path: displayPath, line: recordLine, column: 1),
                    hint: "quote fields that contain '\(Character(UnicodeScalar(delimiter)))' or line breaks")
            }
        } else {
            expectedFieldCount = fields.count
        }
        return true
    }

    private mutating func endField(quoted: Bool, line: Int, column: Int, start: Int, highBytes: Bool) throws {
        if highBytes, let bad = UTF8Validation.firstInvalidOffset(storage + start, storageCount - start) {
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

    private mutating func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        reserve(count)
        (storage + storageCount).update(from: bytes, count: count)
        storageCount += count
    }

    /// Makes room for `count` more bytes in the record storage.
    private mutating func reserve(_ count: Int) {
        guard storageCount + count > storageCapacity else { return }
        var capacity = storageCapacity * 2
        while storageCount + count > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.update(from: storage, count: storageCount)
        storage.deallocate()
        storage = grown
        storageCapacity = capacity
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
    }

    private func failure(_ message: String, at offset: Int, hint: String?) -> CSVError {
        CSVError(
            message: message, location: SourceLocation(path: displayPath, line: line, column: offset - lineStart + 1),
            hint: hint)
    }

    /// Reads the next chunk; false at the end of the file.
    private mutating func refill() throws -> Bool {
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

    private mutating func skipByteOrderMark() throws {
        guard try refill() else { return }
        let bytes = input.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if inputCount >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            inputPosition = 3
            lineStart = 3
        }
    }
}
