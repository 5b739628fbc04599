extension JSONParser {
    /// Skips white space and comments (JSONC): `//` to the end of the line, `/*` to the next `*/`.
    ///
    /// - Throws: ``JSONSyntaxError`` (``JSONSyntaxError/Reason/unterminatedComment``) at the `/*` of a block
    ///   comment the file never closes.
    mutating func skipWhiteSpace() throws {
        while let byte = peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            case UInt8(ascii: "/") where peek(after: 1) == UInt8(ascii: "/"): skipLineComment()
            case UInt8(ascii: "/") where peek(after: 1) == UInt8(ascii: "*"): try skipBlockComment()
            default: return
            }
        }
    }

    /// The byte `distance` bytes after the current one, if there is one.
    private func peek(after distance: Int) -> UInt8? {
        position + distance < bytes.count ? bytes[position + distance] : nil
    }

    /// Skips `// ...` up to (not past) the line feed or carriage return that ends it, or the end of the file.
    private mutating func skipLineComment() {
        position += 2
        while let byte = peek(), byte != 0x0A, byte != 0x0D { position += 1 }
    }

    /// Skips `/* ... */`; comments do not nest, so the first `*/` closes it.
    private mutating func skipBlockComment() throws {
        let start = position
        position += 2
        while let byte = peek() {
            if byte == UInt8(ascii: "*"), peek(after: 1) == UInt8(ascii: "/") {
                position += 2
                return
            }
            position += 1
        }
        throw JSONSyntaxError(reason: .unterminatedComment, offset: start)
    }
}
