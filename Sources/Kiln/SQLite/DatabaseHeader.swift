/// The first 100 bytes of a SQLite database file, read as the file format documents them
/// (https://www.sqlite.org/fileformat.html#the_database_header): what the installer checks of a bundled file
/// without reading its pages, and what a fleet reads of a file to tell it is already up to date.
struct DatabaseHeader: Equatable {
    /// The header's length in bytes.
    static let length = 100

    /// The header's bytes.
    let bytes: [UInt8]

    /// The header at the start of `bytes`, or nil when they do not start with `SQLite format 3\0`.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.length, bytes.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            return nil
        }
        self.bytes = Array(bytes.prefix(Self.length))
    }

    /// The page size in bytes (the stored value 1 means 65536).
    var pageSize: Int {
        let stored = Int(bytes[16]) << 8 | Int(bytes[17])
        return stored == 1 ? 65536 : stored
    }

    /// The file format write and read versions (bytes 18 and 19): 1 for a rollback journal, 2 for WAL.
    var formatVersions: (write: UInt8, read: UInt8) { (bytes[18], bytes[19]) }

    /// Whether the database uses a rollback journal (not WAL), so the file alone holds every commit.
    var isRollbackJournal: Bool { formatVersions == (1, 1) }

    /// The database size in pages, when the header's value can be trusted: SQLite since 3.7.0 keeps it
    /// together with the "version valid for" number equal to the change counter; an older writer left it
    /// stale or zero.
    var pageCount: Int? {
        let count = Self.integer(bytes, at: 28)
        return count > 0 && Self.integer(bytes, at: 92) == Self.integer(bytes, at: 24) ? Int(count) : nil
    }

    /// `PRAGMA user_version`: the big-endian integer at offset 60, which kiln's migrations keep.
    var userVersion: Int32 { Int32(bitPattern: Self.integer(bytes, at: 60)) }

    /// `PRAGMA application_id`: the big-endian integer at offset 68.
    var applicationID: Int32 { Int32(bitPattern: Self.integer(bytes, at: 68)) }

    /// Whether the database uses a write-ahead log (write and read versions 2), so commits may live in the
    /// `-wal` file beside it.
    var isWriteAheadLog: Bool { formatVersions == (2, 2) }

    /// The big-endian 32-bit integer at `offset`.
    private static func integer(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
