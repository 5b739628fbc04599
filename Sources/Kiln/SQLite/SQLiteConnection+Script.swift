extension SQLiteConnection {
    /// Prepares and hands over each statement of a UTF-8 script in turn, the way SQLite itself splits it
    /// (`sqlite3_prepare_v2` with the tail pointer), so each statement is prepared only after the previous one
    /// ran and can see the tables it created.
    ///
    /// - Parameters:
    ///   - script: the script's UTF-8 bytes.
    ///   - body: receives each statement and the byte offset where its text begins.
    /// - Throws: ``SQLiteScriptFailure`` wrapping the first ``SQLiteError``, from preparing or from `body`;
    ///   other errors from `body` unchanged.
    func forEachStatement(utf8 script: [UInt8], _ body: (SQLiteStatement, Int) throws -> Void) throws {
        var terminated = script
        terminated.append(0)
        try terminated.withUnsafeBufferPointer { buffer in
            // The buffer holds at least the terminating NUL, so it has an address.
            guard let address = buffer.baseAddress else { return }
            let base = UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self)
            var offset = 0
            while offset < script.count {
                let prepared: (statement: SQLiteStatement, consumedBytes: Int)?
                do {
                    // The count includes the terminating NUL: given a count whose last byte is not NUL, SQLite
                    // copies the whole rest of the text before parsing one statement, which makes a long
                    // script quadratic.
                    prepared = try prepareFirst(base + offset, byteCount: script.count - offset + 1)
                } catch let error as SQLiteError {
                    throw SQLiteScriptFailure(error: error, statementStart: offset)
                }
                guard let prepared else { return }
                do {
                    try body(prepared.statement, offset)
                } catch let error as SQLiteError {
                    throw SQLiteScriptFailure(error: error, statementStart: offset)
                }
                guard prepared.consumedBytes > 0 else { return }
                offset += prepared.consumedBytes
            }
        }
    }
}
