import Kiln

/// Templating placeholders the source tools expand when they run a file (goose's `${VAR}` under
/// `ENVSUB ON`, Flyway's `${name}`, Go templates' `{{ .Env }}`, dialect placeholders such as
/// `$%AUTO_INCREMENT_PRIMARY_KEY%$`): kiln runs SQL as written, so each one is refused where it is. Only
/// SQL counts, not comments: a placeholder is found where a token of SQLite's tokenizer covers it (a string
/// literal only for the tools that expand placeholders inside strings).
enum Placeholders {
    /// The first placeholder in `range` of `bytes` outside comments (and outside string literals unless
    /// `inStrings`), found by ``TemplatePlaceholder/occurrences(in:counting:)``: its offset and text.
    ///
    /// - Returns: nil when there is none.
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed.
    static func first(in bytes: [UInt8], range: Range<Int>, inStrings: Bool) throws -> (offset: Int, text: String)? {
        try SQLiteInterrupt.check()
        return TemplatePlaceholder.occurrences(in: bytes[range], counting: { inStrings || $0 != .string }).first
    }
}
