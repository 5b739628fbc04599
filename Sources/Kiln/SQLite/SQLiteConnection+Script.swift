extension SQLiteConnection {
    /// Prepares and hands over each statement of a UTF-8 script in turn, the way SQLite itself splits it
    /// (`sqlite3_prepare_v2` with the tail pointer), so each statement is prepared only after the previous one
    /// ran and can see the tables it created.
    ///
    /// The script is prepared where it lies, without a copy: ``SQLStatementSplitter`` finds where the next
    /// statement ends, and SQLite is given the text up to there with its length. Given a length whose last
    /// byte is not NUL, SQLite copies that much text before it parses one statement
    /// (<https://www.sqlite.org/c3ref/prepare.html>), so bounding it by the statement keeps both the copy and
    /// the work linear; the whole rest of the script would make a long script quadratic.
    ///
    /// A script holding a NUL byte is refused before any of it runs: SQLite stops reading text at a NUL even
    /// when it is given the text's length, so the statements after it would silently never run.
    ///
    /// - Parameters:
    ///   - script: the script's UTF-8 bytes.
    ///   - body: receives each statement and the byte offset where SQLite began reading its text (white space
    ///     and comments before it included).
    /// - Throws: ``SQLiteScriptFailure`` wrapping the first ``SQLiteError``, from preparing or from `body`
    ///   (the NUL error of `SQLiteError.nulByte(in:at:)`); other errors from `body` unchanged.
    func forEachStatement(utf8 script: [UInt8], _ body: (SQLiteStatement, Int) throws -> Void) throws {
        if let nul = script.firstIndex(of: 0) {
            throw SQLiteScriptFailure(error: .nulByte(in: script, at: nul), statementStart: 0)
        }
        try script.withUnsafeBufferPointer { buffer in
            // An empty script has no address, and nothing to run.
            guard let address = buffer.baseAddress else { return }
            let base = UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self)
            var lexer = SQLLexer(bytes: script)
            var scanned = 0
            var offset = 0
            while let statement = SQLStatementSplitter.nextStatement(of: &lexer, from: &scanned) {
                // SQLite splits the text the way the splitter did; should it stop earlier, the rest of the
                // statement's text is prepared next, as the tail pointer says.
                while offset < statement.range.upperBound {
                    guard let consumed = try runFirst(base, from: offset, to: statement.range.upperBound, body) else {
                        return
                    }
                    offset += consumed
                }
            }
        }
    }

    /// Prepares the first statement of `base[offset..<end]` and hands it to `body`; returns how many bytes it
    /// consumed (all of them when only white space and comments are left), or nil when it consumed none.
    private func runFirst(
        _ base: UnsafePointer<CChar>, from offset: Int, to end: Int, _ body: (SQLiteStatement, Int) throws -> Void
    ) throws -> Int? {
        let prepared: (statement: SQLiteStatement, consumedBytes: Int)?
        do {
            // A statement too short for SQLite's progress handler to run (a tiny migration) still stops on Ctrl-C.
            try SQLiteInterrupt.check()
            prepared = try prepareFirst(base + offset, byteCount: end - offset)
        } catch let error as SQLiteError {
            throw SQLiteScriptFailure(error: error, statementStart: offset)
        }
        // No statement: the rest of this range is white space and comments (a NUL, which would also stop
        // SQLite here, was refused before anything ran), so the next statement's text comes next.
        guard let prepared else { return end - offset }
        do {
            try body(prepared.statement, offset)
        } catch let error as SQLiteError {
            throw SQLiteScriptFailure(error: error, statementStart: offset)
        }
        return prepared.consumedBytes > 0 ? prepared.consumedBytes : nil
    }
}
