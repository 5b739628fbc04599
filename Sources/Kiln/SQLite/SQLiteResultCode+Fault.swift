extension SQLiteResultCode {
    /// Whether the code speaks of the database file or the system (an I/O error, a full disk, a lock, a file
    /// that cannot be opened or written, corruption, memory, an interrupt) rather than of the SQL that was
    /// running: such an error is reported against the file, not against a line of the statement.
    package var isFileOrSystemFault: Bool {
        [.ioError, .full, .cannotOpen, .readOnly, .busy, .locked, .noMemory, .interrupt, .corrupt, .notADatabase]
            .contains { matches($0) }
    }
}
