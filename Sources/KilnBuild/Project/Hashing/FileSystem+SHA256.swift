import Kiln

extension FileSystem {
    /// The SHA-256 of a file's bytes, read in chunks; Ctrl-C stops it between two.
    ///
    /// - Throws: ``FileSystemError`` when the file cannot be opened or read; ``SQLiteError``
    ///   (`SQLITE_INTERRUPT`) after ``SQLiteInterrupt/request()``.
    /// - Returns: the file's digest.
    package static func sha256(ofFileAt path: String) throws -> SHA256Digest {
        let file = try FileDescriptor(opening: path, .readOnly)
        var hasher = SHA256Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            try SQLiteInterrupt.check()
            let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return hasher.finalize()
    }
}
