#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// SQLite's own answers about SQL text, asked without a database: whether a text is a complete statement
/// (`sqlite3_complete`), whether a word is a keyword (`sqlite3_keyword_check`) and whether two names are the
/// same identifier (`sqlite3_strnicmp`). The SQL tools call these
/// instead of SQLite's C functions, so every `sqlite3_*` call stays in this folder.
package enum SQLiteGrammar {
    /// Whether `bytes` end a complete SQL statement: the last `;` is outside strings, comments and trigger
    /// bodies.
    ///
    /// - Returns: `sqlite3_complete`'s answer.
    package static func isComplete(_ bytes: ArraySlice<UInt8>) -> Bool {
        withCString(bytes) { sqlite3_complete($0) != 0 }
    }

    /// Whether `word` is one of SQLite's keywords, in any case.
    ///
    /// - Returns: `sqlite3_keyword_check`'s answer.
    package static func isKeyword(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        let count = Int32(bytes.count)
        return withCString(bytes[...]) { sqlite3_keyword_check($0, count) != 0 }
    }

    /// Whether SQLite takes `left` and `right` for the same identifier: the same bytes, except that ASCII
    /// letters match in either case (`é` and `É` are two names, and so are `k` and the Kelvin sign `K`).
    ///
    /// - Returns: `sqlite3_strnicmp`'s answer for two names of the same UTF-8 length; false otherwise.
    package static func identifiersMatch(_ left: String, _ right: String) -> Bool {
        let leftBytes = Array(left.utf8)
        let rightBytes = Array(right.utf8)
        guard leftBytes.count == rightBytes.count else { return false }
        return leftBytes.withUnsafeBufferPointer { leftBuffer in
            rightBytes.withUnsafeBufferPointer { rightBuffer in
                guard let leftBase = leftBuffer.baseAddress, let rightBase = rightBuffer.baseAddress else {
                    return true
                }
                return leftBase.withMemoryRebound(to: CChar.self, capacity: leftBuffer.count) { leftText in
                    rightBase.withMemoryRebound(to: CChar.self, capacity: rightBuffer.count) { rightText in
                        sqlite3_strnicmp(leftText, rightText, Int32(leftBuffer.count)) == 0
                    }
                }
            }
        }
    }

    /// For each byte, the largest byte SQLite's identifier comparison takes for the same one: `A` to `a`,
    /// every other byte to itself. Asked of `sqlite3_strnicmp` once, byte by byte, so ``SQLIdentifierKey``
    /// folds names exactly as SQLite compares them.
    package static let identifierFolding: [UInt8] = (0...255).map { byte in
        var pair: [CChar] = [CChar(bitPattern: UInt8(byte)), 0]
        for candidate in stride(from: 255, to: byte, by: -1) {
            pair[1] = CChar(bitPattern: UInt8(candidate))
            let same = pair.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return false }
                return sqlite3_strnicmp(base, base + 1, 1) == 0
            }
            if same { return UInt8(candidate) }
        }
        return UInt8(byte)
    }

    /// Calls `body` with `bytes` followed by a NUL, as a C string.
    private static func withCString(_ bytes: ArraySlice<UInt8>, _ body: (UnsafePointer<CChar>) -> Bool) -> Bool {
        var terminated = Array(bytes)
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}
