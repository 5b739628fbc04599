/// How a transaction takes its lock (<https://www.sqlite.org/lang_transaction.html>).
public enum SQLiteTransactionKind: String, Sendable {
    /// Takes no lock until the first read or write.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so two writers never deadlock halfway.
    case immediate = "IMMEDIATE"
    /// Like immediate; in rollback-journal mode also keeps readers out.
    case exclusive = "EXCLUSIVE"
}
