import Kiln

/// The statements kiln itself runs around every migration, which an imported file must not repeat: the
/// transaction wrapper (`BEGIN`, `COMMIT`, `END`, with or without `TRANSACTION`) and the settings kiln keeps
/// (`PRAGMA foreign_keys = …`, `PRAGMA user_version = …`, and `PRAGMA defer_foreign_keys = …`, which Prisma
/// pairs with `foreign_keys` around a rebuild: kiln turns foreign keys off while a migration runs, checks them
/// before it commits, and puts the deferral setting back before every migration). They are found with kiln's
/// statement splitter, which splits as SQLite does, so a trigger's `BEGIN … END` body is never taken for a
/// wrapper.
enum OwnedStatements {
    /// Whether the statement is one kiln owns.
    static func isOwned(_ tokens: [SQLToken], in lexer: SQLLexer) -> Bool {
        guard let first = tokens.first else { return false }
        if lexer.isWord(first, "begin") || lexer.isWord(first, "commit") || lexer.isWord(first, "end") {
            return true
        }
        guard lexer.isWord(first, "pragma"), tokens.count > 2 else { return false }
        // `PRAGMA [schema.]name = value` or `PRAGMA [schema.]name(value)`: a setting, not a query.
        let nameIndex = tokens.count > 3 && lexer.text(of: tokens[2]) == "." ? 3 : 1
        guard nameIndex + 1 < tokens.count else { return false }
        let name = tokens[nameIndex]
        let owned = ["foreign_keys", "user_version", "defer_foreign_keys"].contains { lexer.isWord(name, $0) }
        let setter = lexer.text(of: tokens[nameIndex + 1])
        return owned && (setter == "=" || setter == "(")
    }

    /// The bytes without the owned statements, and what was removed. Each removed statement takes its `;`
    /// with it, and the rest of its line when only white space is left there; everything else is kept byte
    /// for byte.
    ///
    /// - Parameters:
    ///   - bytes: the imported part of the source file.
    ///   - source: the text the locations count lines in (the whole source file).
    /// - Returns: the kept bytes and the removals.
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed: a file of a million statements
    ///   stops between two.
    static func remove(from bytes: ArraySlice<UInt8>, source: SourceText) throws -> ([UInt8], [OwnedStatementRemoval]) {
        var lexer = SQLLexer(bytes: Array(bytes))
        var kept: [UInt8] = []
        var removals: [OwnedStatementRemoval] = []
        var copied = 0
        let base = bytes.startIndex
        var position = 0
        while let statement = SQLStatementSplitter.nextStatement(of: &lexer, from: &position) {
            try SQLiteInterrupt.check()
            guard isOwned(statement.tokens, in: lexer) else { continue }
            var start = statement.range.lowerBound
            var end = statement.range.upperBound
            let text = String(decoding: lexer.bytes[start..<end], as: UTF8.self)
            removals.append(OwnedStatementRemoval(location: source.location(ofByte: base + start), text: text))
            let lineStart = (lexer.bytes[..<start].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
            let lineEnd = lexer.bytes[end...].firstIndex(of: 0x0A) ?? lexer.bytes.count
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if lineStart >= copied, lexer.bytes[lineStart..<start].allSatisfy(blank),
                lexer.bytes[end..<lineEnd].allSatisfy(blank)
            {
                start = lineStart
                end = min(lineEnd + 1, lexer.bytes.count)
            }
            kept += lexer.bytes[copied..<start]
            copied = end
        }
        kept += lexer.bytes[copied...]
        return (kept, removals)
    }
}
