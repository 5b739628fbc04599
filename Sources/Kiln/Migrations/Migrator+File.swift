extension Migrator {
    /// Migrates the database file at `path`, creating it when it does not exist.
    ///
    /// A file this call created is removed again when nothing could be committed to it, so a failed first
    /// migration leaves the disk as it was. Each commit is durable when it returns (`synchronous = EXTRA`: the
    /// folder is fsynced after the journal is deleted). With `dryRun`, the migrations run on an in-memory copy of the file
    /// (or an empty in-memory database when there is no file) and the file is only read: it is neither
    /// created nor changed.
    ///
    /// ``prepareConnection`` runs on the connection that migrates (the in-memory one for a dry run).
    ///
    /// - Throws: ``MigrationError``, or what ``prepareConnection`` throws; ``FileSystemError`` when `path` is not a regular file (a folder, a FIFO)
    ///   or the system refused to open it (a read-only folder, a name too long).
    @discardableResult
    public func migrate(
        fileAt path: String, to target: Int32? = nil, baseline: Int32? = nil, dryRun: Bool = false,
        onEvent: (Event) -> Void = { _ in }
    ) throws -> Report {
        try migrate(fileAt: path, to: target, baseline: baseline, dryRun: dryRun, creating: true, onEvent: onEvent)
    }

    /// What migrating an existing file does when SQLite finds it empty (0 bytes, no page at all), which SQLite
    /// itself takes for a new database.
    enum EmptyFileRule {
        /// Make a new database of it, as a missing file is made one: `migrate --db FILE`.
        case makeDatabase
        /// Refuse it with ``MigrationError/Reason/emptyFile(throughSymbolicLink:)``, writing nothing: a fleet's
        /// files, unless it was asked for; `throughSymbolicLink` when the path is a link.
        case refuse(throughSymbolicLink: Bool)
    }

    /// ``migrate(fileAt:to:baseline:dryRun:onEvent:)``, except that with `creating` false a missing file is
    /// never created (the open fails with ``MigrationError/Reason/cannotOpen(_:)``), an empty file follows
    /// `emptyFile`, and each connection waits `busyTimeoutMilliseconds` for another connection's lock: how a
    /// fleet migrates a file it listed earlier.
    @discardableResult
    func migrate(
        fileAt path: String, to target: Int32?, baseline: Int32?, dryRun: Bool, creating: Bool,
        emptyFile: EmptyFileRule = .makeDatabase, busyTimeoutMilliseconds: Int32 = 5000, onEvent: (Event) -> Void
    ) throws -> Report {
        let existed = FileSystem.exists(path)
        let timeout = busyTimeoutMilliseconds
        if dryRun {
            let scratch = try connect(":memory:", mode: .readWriteCreate)
            if existed || !creating {
                let original = try connect(path, mode: .readOnly, busyTimeoutMilliseconds: timeout)
                do {
                    try refuseIfEmpty(original, path: path, emptyFile)
                    try original.copyDatabase(into: scratch)
                } catch var failure as MigrationError {
                    failure.isDryRun = true
                    throw failure
                } catch let error as SQLiteError {
                    var failure = failure(
                        error.code.matches(.notADatabase) ? .notADatabase : .cannotRead(error), path: path)
                    failure.isDryRun = true
                    throw failure
                }
            }
            return try migrate(scratch, to: target, baseline: baseline, onEvent: onEvent)
        }
        let connection = try connect(
            path, mode: creating ? .readWriteCreate : .readWrite, busyTimeoutMilliseconds: timeout)
        do {
            // In rollback-journal mode a commit is the journal's unlink; only EXTRA fsyncs the folder after it,
            // so a power loss after this returns cannot bring the journal back and undo the migrations.
            do {
                try connection.setSynchronization(.extra)
                try refuseIfEmpty(connection, path: path, emptyFile)
            } catch let error as SQLiteError {
                throw failure(error.code.matches(.notADatabase) ? .notADatabase : .cannotRead(error), path: path)
            }
            return try migrate(connection, to: target, baseline: baseline, onEvent: onEvent)
        } catch var error as MigrationError where error.wantsReadBack {
            try? connection.close()
            let version = readBackVersion(path)
            error.run?.versionReadBack = version
            error.run?.readBackFailed = version == nil
            if !existed { removeIfEmpty(path, connection: connection) }
            throw error
        } catch {
            if !existed { removeIfEmpty(path, connection: connection) }
            throw error
        }
    }

    /// The version of the file at `path` as a connection of its own finds it after a failure: SQLite may have
    /// failed after a commit reached the file, or left a journal that this connection rolls back first.
    ///
    /// - Returns: the version, or nil when the file cannot be read.
    private func readBackVersion(_ path: String) -> Int32? {
        guard let connection = try? SQLiteConnection(path: path, mode: .readWrite) else { return nil }
        defer { try? connection.close() }
        return try? Self.version(of: connection)
    }

    private func connect(_ path: String, mode: SQLiteConnection.OpenMode, busyTimeoutMilliseconds: Int32 = 5000)
        throws -> SQLiteConnection
    {
        do {
            return try SQLiteConnection(path: path, mode: mode, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as SQLiteError {
            throw failure(.cannotOpen(error), path: path)
        }
    }

    /// Throws ``MigrationError/Reason/emptyFile(throughSymbolicLink:)`` when `rule` refuses empty files and
    /// SQLite finds no page in the file (`PRAGMA page_count` is 0: it is 0 bytes long, once SQLite has rolled
    /// back any hot journal beside it), before anything is written to it.
    private func refuseIfEmpty(_ connection: SQLiteConnection, path: String, _ rule: EmptyFileRule) throws {
        guard case .refuse(let throughLink) = rule, try connection.integer(sql: "PRAGMA main.page_count") == 0 else {
            return
        }
        throw failure(.emptyFile(throughSymbolicLink: throughLink), path: path)
    }

    /// An error about the database file at `path`.
    private func failure(_ reason: MigrationError.Reason, path: String) -> MigrationError {
        MigrationError(reason, path: path, database: migrations.database)
    }

    /// Deletes a file this process created when nothing was ever committed to it (it is still 0 bytes).
    private func removeIfEmpty(_ path: String, connection: SQLiteConnection) {
        do { try connection.close() } catch {
            // A statement is still alive somewhere; leave the file alone rather than pull it from under it.
            return
        }
        guard (try? FileDescriptor(opening: path, .readOnly).size()) == 0 else { return }
        // Best effort: a file left behind is an empty database, which the next run migrates.
        try? FileSystem.remove(path)
        try? FileSystem.remove(path + "-journal")
    }
}
