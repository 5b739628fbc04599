extension SQLiteValue {
    /// Exact bytes for comparing and hashing values: a storage-class tag, then the value (integers and reals
    /// as 8 big-endian bytes, text and blobs with their length). Different values never give the same bytes;
    /// no collation or Unicode normalization applies.
    package func appendCanonicalBytes(to bytes: inout [UInt8]) {
        func append(_ tag: UInt8, _ number: UInt64) {
            bytes.append(tag)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift)))
            }
        }
        switch self {
        case .null: bytes.append(0)
        case .integer(let number): append(1, UInt64(bitPattern: number))
        case .real(let number): append(2, number.bitPattern)
        case .text(let text):
            append(3, UInt64(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        case .blob(let blob):
            append(4, UInt64(blob.count))
            bytes.append(contentsOf: blob)
        }
    }
}
