import Kiln

/// A `-- …` comment of SQL text, found in the gaps between the tokens ``SQLLexer`` gives (which skips
/// comments), so a `--` inside a string or a quoted identifier is never taken for one.
struct SQLLineComment: Equatable {
    /// From the `--` to the end of the line, without the line break.
    let range: Range<Int>

    /// Every line comment of `bytes`, in order.
    ///
    /// - Returns: the comments; block comments (`/* … */`) are skipped.
    static func all(in bytes: [UInt8]) -> [SQLLineComment] {
        var lexer = SQLLexer(bytes: bytes)
        var comments: [SQLLineComment] = []
        var position = 0
        while true {
            let gapStart = position
            let token = lexer.nextToken(from: &position)
            comments += inGap(bytes, gapStart..<(token?.range.lowerBound ?? bytes.count))
            if token == nil { return comments }
        }
    }

    /// The line comments of a gap that holds only white space and comments.
    private static func inGap(_ bytes: [UInt8], _ gap: Range<Int>) -> [SQLLineComment] {
        var comments: [SQLLineComment] = []
        var index = gap.lowerBound
        let dash = UInt8(ascii: "-")
        while index + 1 < gap.upperBound {
            if bytes[index] == dash && bytes[index + 1] == dash {
                var end = index
                while end < gap.upperBound && bytes[end] != 0x0A { end += 1 }
                if end > index, bytes[end - 1] == 0x0D { end -= 1 }
                comments.append(SQLLineComment(range: index..<max(end, index + 2)))
                index = max(end, index + 2)
            } else if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < gap.upperBound
                    && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
            } else {
                index += 1
            }
        }
        return comments
    }
}
