import Kiln

extension CSVScanner {
    /// Reads the next chunk of the file.
    ///
    /// - Returns: false at the end of the file.
    mutating func refill() throws -> Bool {
        guard !atEndOfFile else { return false }
        inputBase += inputCount
        inputPosition = 0
        inputCount = 0
        let count: Int
        do {
            count = try file.read(into: UnsafeMutableRawBufferPointer(start: input, count: inputCapacity))
        } catch let error as FileSystemError {
            throw failure(.cannotRead(error), at: inputBase)
        }
        guard count > 0 else {
            atEndOfFile = true
            return false
        }
        inputCount = count
        bytesRead += count
        return true
    }

    /// Skips one UTF-8 byte order mark at the start of the file.
    mutating func skipByteOrderMark() throws {
        checkedByteOrderMark = true
        guard try refill() else { return }
        if inputCount >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF {
            inputPosition = 3
            lineStart = 3
        }
    }
}
