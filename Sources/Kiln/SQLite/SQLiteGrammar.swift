#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// SQLite's own answers about SQL text, asked without a database: whether a text is a complete statement
/// (`sqlite3_complete`) and whether a word is a keyword (`sqlite3_keyword_check`). The SQL tools call these
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
