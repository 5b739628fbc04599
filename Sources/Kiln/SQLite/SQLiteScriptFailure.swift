/// A statement of a multi-statement script failed; ``statementStart`` says where in the script that
/// statement's text begins, so ``error``'s offset (relative to the statement) can be placed in the file.
struct SQLiteScriptFailure: Error {
    /// What SQLite reported.
    let error: SQLiteError
    /// The byte offset in the script where SQLite began reading the failing statement (white space and
    /// comments before the statement included).
    let statementStart: Int
}
