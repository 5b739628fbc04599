extension SQLiteResultCode {
    /// The code's C name, as `sqlite3.h` spells it (`SQLITE_IOERR_DIR_FSYNC`, `SQLITE_FULL`), so a message can
    /// say exactly which failure SQLite reported: its own text (`disk I/O error`) is the same for every
    /// extended code of a primary one. An extended code this table does not know is its primary name with the
    /// number, `SQLITE_IOERR(4874)`.
    public var name: String {
        let primaryCode = Int(rawValue & 0xFF)
        let primaryName =
            Self.primaryNames.indices.contains(primaryCode) ? Self.primaryNames[primaryCode] : "SQLITE_\(primaryCode)"
        let extended = Int(rawValue >> 8)
        guard rawValue != 100, rawValue != 101 else { return rawValue == 100 ? "SQLITE_ROW" : "SQLITE_DONE" }
        guard extended != 0 else { return "SQLITE_" + primaryName }
        if let suffixes = Self.extendedSuffixes[primaryCode], suffixes.indices.contains(extended - 1),
            let suffix = suffixes[extended - 1]
        {
            return "SQLITE_\(primaryName)_\(suffix)"
        }
        return "SQLITE_\(primaryName)(\(rawValue))"
    }

    /// Primary codes 0 to 28, in order.
    private static let primaryNames = [
        "OK", "ERROR", "INTERNAL", "PERM", "ABORT", "BUSY", "LOCKED", "NOMEM", "READONLY", "INTERRUPT", "IOERR",
        "CORRUPT", "NOTFOUND", "FULL", "CANTOPEN", "PROTOCOL", "EMPTY", "SCHEMA", "TOOBIG", "CONSTRAINT", "MISMATCH",
        "MISUSE", "NOLFS", "AUTH", "FORMAT", "RANGE", "NOTADB", "NOTICE", "WARNING",
    ]

    /// For each primary code, the suffixes of its extended codes 1, 2, 3… (nil: no such code).
    private static let extendedSuffixes: [Int: [String?]] = [
        1: ["MISSING_COLLSEQ", "RETRY", "SNAPSHOT"],
        4: [nil, "ROLLBACK"],
        5: ["RECOVERY", "SNAPSHOT", "TIMEOUT"],
        6: ["SHAREDCACHE", "VTAB"],
        8: ["RECOVERY", "CANTLOCK", "ROLLBACK", "DBMOVED", "CANTINIT", "DIRECTORY"],
        10: [
            "READ", "SHORT_READ", "WRITE", "FSYNC", "DIR_FSYNC", "TRUNCATE", "FSTAT", "UNLOCK", "RDLOCK", "DELETE",
            "BLOCKED", "NOMEM", "ACCESS", "CHECKRESERVEDLOCK", "LOCK", "CLOSE", "DIR_CLOSE", "SHMOPEN", "SHMSIZE",
            "SHMLOCK", "SHMMAP", "SEEK", "DELETE_NOENT", "MMAP", "GETTEMPPATH", "CONVPATH", "VNODE", "AUTH",
            "BEGIN_ATOMIC", "COMMIT_ATOMIC", "ROLLBACK_ATOMIC", "DATA", "CORRUPTFS",
        ],
        11: ["VTAB", "SEQUENCE", "INDEX"],
        14: ["NOTEMPDIR", "ISDIR", "FULLPATH", "CONVPATH", "DIRTYWAL", "SYMLINK"],
        19: [
            "CHECK", "COMMITHOOK", "FOREIGNKEY", "FUNCTION", "NOTNULL", "PRIMARYKEY", "TRIGGER", "UNIQUE", "VTAB",
            "ROWID", "PINNED", "DATATYPE",
        ],
    ]
}
