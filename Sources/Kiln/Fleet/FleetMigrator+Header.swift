extension FleetMigrator {
    /// What the first 100 bytes of a file said before SQLite was asked anything.
    struct HeaderLook {
        /// The header, when the file is a readable regular file starting like a SQLite database.
        let header: DatabaseHeader?
        /// Whether the header alone proves the file is at the target version and belongs to this migration
        /// set, with no journal or log beside it that could change what SQLite would read.
        let isUpToDate: Bool

        /// The version the header records, when there is a header.
        var version: Int32? { header?.userVersion }
    }

    /// Reads the header of `path` and decides whether the file can be reported up to date without opening
    /// it with SQLite.
    ///
    /// The answer is yes only when all of these hold: the header's `user_version` is the target (and at least
    /// 1, since a version-0 file may be refused for its tables); its `application_id` is one the migrator
    /// accepts (equal, or 0 on either side); no `-journal` and no `-wal` exists beside the file (SQLite
    /// would roll the one back, and replay the other, in either journal mode); and a second read of the
    /// header, after that look, gives the same bytes (nothing committed in between). Anything else leaves the
    /// file to SQLite, which gives the same answers and errors as migrating one file.
    func lookAtHeader(of path: String) -> HeaderLook {
        guard let first = Self.readHeader(path) else { return HeaderLook(header: nil, isUpToDate: false) }
        let goal = target ?? migrator.migrations.latestVersion
        let expected = migrator.applicationID
        let found = first.applicationID
        guard goal >= 1, goal <= migrator.migrations.latestVersion, first.userVersion == goal,
            expected == 0 || found == 0 || found == expected,
            first.isRollbackJournal || first.isWriteAheadLog,
            !FileSystem.exists(path + "-journal"), !FileSystem.exists(path + "-wal"),
            Self.readHeader(path) == first
        else { return HeaderLook(header: first, isUpToDate: false) }
        return HeaderLook(header: first, isUpToDate: true)
    }

    /// The first 100 bytes of a regular file (symbolic links followed), or nil when it cannot be read or
    /// does not start like a SQLite database.
    static func readHeader(_ path: String) -> DatabaseHeader? {
        guard let bytes = try? FileSystem.prefix(of: path, count: DatabaseHeader.length) else { return nil }
        return DatabaseHeader(bytes)
    }
}
