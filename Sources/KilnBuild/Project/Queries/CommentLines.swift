/// The `--` comments in a stretch of SQL text that holds only white space and comments (what lies between two
/// statements): each comment's text after the dashes, and the offset of that text. Block comments are skipped
/// whole, so a `-- name:` inside one is no header.
struct CommentLines: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private let end: Int
    private var position: Int

    /// The comments of `bytes[range]`.
    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.end = range.upperBound
        self.position = range.lowerBound
    }

    /// The next `--` comment.
    mutating func next() -> (text: Substring, start: Int)? {
        while position < end {
            if starts("--") {
                let start = position + 2
                var stop = start
                while stop < end, bytes[stop] != UInt8(ascii: "\n") { stop += 1 }
                position = stop
                return (Substring(String(decoding: bytes[start..<stop], as: UTF8.self)), start)
            }
            if starts("/*") {
                position += 2
                while position < end, !starts("*/") { position += 1 }
                position = Swift.min(end, position + 2)
                continue
            }
            position += 1
        }
        return nil
    }

    private func starts(_ marker: StaticString) -> Bool {
        let first = marker.utf8Start[0]
        let second = marker.utf8Start[1]
        return position + 1 < end && bytes[position] == first && bytes[position + 1] == second
    }
}
