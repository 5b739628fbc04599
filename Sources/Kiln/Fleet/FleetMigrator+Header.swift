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
    /// `isLink`: the path is a symbolic link (the caller's `lstat` said so). SQLite names the journal after the
    /// file a link points to, so a link is never judged from beside it: it is left to SQLite.
    func lookAtHeader(of path: String, isLink: Bool) -> HeaderLook {
        // One descriptor for both reads of the header: the file is opened once.
        guard let file = try? FileDescriptor(opening: path, .readOnly), let (first, size) = Self.readHeader(file)
        else { return HeaderLook(header: nil, isUpToDate: false) }
        let goal = target ?? migrator.migrations.latestVersion
        let expected = migrator.applicationID
        let found = first.applicationID
        guard !isLink, goal >= 1, goal <= migrator.migrations.latestVersion, first.userVersion == goal,
            expected == 0 || found == 0 || found == expected,
            first.isRollbackJournal || first.isWriteAheadLog, Self.isSane(first, size: size),
            !FileSystem.exists(path + "-journal"), !FileSystem.exists(path + "-wal"),
            Self.readHeader(file).map({ $0.0 == first && $0.1 == size }) == true
        else { return HeaderLook(header: first, isUpToDate: false) }
        return HeaderLook(header: first, isUpToDate: true)
    }

    /// Whether the header agrees with the file around it, as SQLite's own first checks would: a page size
    /// that is a power of two from 512 to 65536, and, where the header's page count can be trusted, a file of
    /// exactly that many pages. A truncated or padded file goes to SQLite, which says what is wrong with it.
    static func isSane(_ header: DatabaseHeader, size: Int) -> Bool {
        let pageSize = header.pageSize
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return false }
        guard let pages = header.pageCount else { return size % pageSize == 0 && size > 0 }
        return pages * pageSize == size
    }

    /// The first 100 bytes of an open file and its size; nil when they cannot be read or do not start like a
    /// SQLite database.
    static func readHeader(_ file: borrowing FileDescriptor) -> (DatabaseHeader, Int)? {
        guard let bytes = try? file.read(upTo: DatabaseHeader.length, at: 0), let header = DatabaseHeader(bytes),
            let size = try? file.size()
        else { return nil }
        return (header, size)
    }
}
