/// A database file shorter than its header says: truncated (a copy cut short, a disk that filled up while
/// someone else wrote it). SQLite reads such a file until it reaches a missing page, then reports only
/// "database disk image is malformed"; the header tells the cause at once.
package struct DatabaseSizeMismatch: Equatable, Sendable {
    /// The page size the header records.
    package let pageSize: Int
    /// The page count the header records.
    package let pageCount: Int
    /// The file's size in bytes.
    package let fileSize: Int

    /// The file's size as its header describes it.
    package var expectedSize: Int { pageSize * pageCount }

    /// `its header says 10 pages of 4096 bytes (40960 bytes), but the file has 8192 bytes`.
    package var description: String {
        "its header says \(pageCount) pages of \(pageSize) bytes (\(expectedSize) bytes), but the file has "
            + "\(fileSize) bytes"
    }

    /// The mismatch of the file at `path`: nil when it is as long as its header says, when its header cannot
    /// be read or its page count is not one SQLite keeps current, or when a `-wal` beside it may hold the
    /// missing pages.
    package static func of(fileAt path: String) -> DatabaseSizeMismatch? {
        guard !FileSystem.exists(path + "-wal"), let file = try? FileDescriptor(opening: path, .readOnly),
            let bytes = try? file.read(upTo: DatabaseHeader.length, at: 0), let header = DatabaseHeader(bytes),
            let pages = header.pageCount, let size = try? file.size(), size < pages * header.pageSize
        else { return nil }
        return DatabaseSizeMismatch(pageSize: header.pageSize, pageCount: pages, fileSize: size)
    }
}
