/// A SHA-256 digest: 32 bytes.
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The digest's bytes.
    package let bytes: [UInt8]

    /// A digest from its bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Lowercase hexadecimal, 64 characters.
    package var hex: String {
        let digits = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    /// The hexadecimal digest.
    package var description: String { hex }
}
