/// A file's UTF-8 text with the byte offsets of its line starts, so byte offsets turn into line and column.
public struct SourceText: Sendable {
    /// The path used in locations.
    public let path: String
    /// The file's bytes.
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    /// Indexes `bytes` by line.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.lineStarts = starts
    }

    /// The location of a byte offset; offsets past the end point just after the last byte.
    package func location(ofByte offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(path: path, line: low + 1, column: clamped - lineStarts[low] + 1)
    }
}
