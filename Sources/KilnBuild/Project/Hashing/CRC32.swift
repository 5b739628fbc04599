/// CRC-32 as zlib and Java's `java.util.zip.CRC32` compute it (ISO-HDLC: reflected polynomial `0xEDB88320`,
/// initial value and final complement all ones), fed in parts. Flyway's checksums are this CRC.
package struct CRC32 {
    /// The running value, complemented.
    private var state: UInt32 = 0xFFFF_FFFF

    /// The table of each byte's remainder, built once.
    private static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 { remainder = remainder & 1 == 1 ? (remainder >> 1) ^ 0xEDB8_8320 : remainder >> 1 }
        return remainder
    }

    /// A CRC of nothing yet.
    package init() {}

    /// Feeds bytes.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { state = Self.table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8) }
    }

    /// The CRC of everything fed so far.
    package var value: UInt32 { ~state }
}
