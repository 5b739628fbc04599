import Kiln

/// The lines at the start of one file, read only as far as a finding needs: a finding on line 179073 of a large
/// CSV file reads up to that line and no further, and a later finding in the same file reuses what was read.
struct SarifLineReader {
    /// How many bytes one read asks for.
    static let chunkSize = 64 * 1024

    /// The file's absolute path.
    let path: String
    /// The bytes read so far, from the start of the file.
    private(set) var bytes: [UInt8] = []
    /// The byte offset where each line read so far starts (line 1 at offset 0).
    private(set) var lineStarts: [Int] = [0]
    /// Whether the end of the file was reached (or it could not be read).
    private(set) var atEnd = false

    /// A reader of the file at `path`; nothing is read yet.
    init(path: String) {
        self.path = path
    }

    /// The bytes of a 1-based line, without its newline; nil when the file is shorter or cannot be read.
    mutating func line(_ number: Int) -> ArraySlice<UInt8>? {
        guard number >= 1 else { return nil }
        if lineStarts.count <= number, !atEnd { read(through: number) }
        guard number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        let end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        return bytes[start..<end]
    }

    /// Reads on in chunks until the line after `number` starts (so line `number` is whole) or the file ends,
    /// noting where each line starts.
    private mutating func read(through number: Int) {
        guard let file = try? FileDescriptor(opening: path, .readOnly) else {
            // An unreadable file has no lines at all (an empty one has one, empty).
            if bytes.isEmpty { lineStarts = [] }
            atEnd = true
            return
        }
        while lineStarts.count <= number {
            guard let chunk = try? file.read(upTo: Self.chunkSize, at: bytes.count), !chunk.isEmpty else {
                atEnd = true
                return
            }
            let offset = bytes.count
            bytes += chunk
            for (index, byte) in chunk.enumerated() where byte == UInt8(ascii: "\n") {
                lineStarts.append(offset + index + 1)
            }
        }
    }
}
