import Foundation

/// The facts of the bundled database an installer copies from, read once, read-only.
///
/// The bundle is checked cheaply, without reading its pages: a SQLite header, rollback-journal mode (a WAL-mode
/// file may hold commits in a `-wal` that a copy of the file alone would lose), no `-wal`, `-journal` or `-shm`
/// beside it, and a size that is the header's page size times its page count. `PRAGMA quick_check` runs only
/// with ``DatabaseInstaller/Verification/full``, or when the header's page count cannot be trusted (a file an
/// old SQLite wrote last), so a first launch reads the file once, to copy it.
package struct BundledFile {
    let path: String
    let version: Int32
    let applicationID: Int32
    /// The bundle's header, which a fresh copy must repeat byte for byte.
    let header: DatabaseHeader
    /// The bundle's size in bytes, which a fresh copy must have too.
    let size: Int
    /// Whether copies are checked with `quick_check` as well.
    let checksPages: Bool
    /// Runs on every connection that reads pages (``DatabaseInstaller/prepareConnection``): `quick_check`
    /// reads a schema that may use the app's collations and functions.
    let prepare: (@Sendable (SQLiteConnection) throws -> Void)?

    /// A URI that opens `path` read-only and immutable: SQLite takes no locks and never looks for a journal,
    /// which is right for a file inside a read-only app bundle.
    package static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)?mode=ro&immutable=1"
    }

    /// Reads the facts of the bundled file at `path` and checks it as `verification` says.
    ///
    /// - Throws: ``InstallFailure`` when the file cannot be read, fails a cheap check, cannot be opened by
    ///   SQLite, or fails `quick_check` where that runs.
    init(
        path: String, verification: DatabaseInstaller.Verification,
        prepare: (@Sendable (SQLiteConnection) throws -> Void)? = nil
    ) throws {
        self.path = path
        self.prepare = prepare
        (header, size) = try Self.checkFile(at: path)
        checksPages = verification == .full || header.pageCount == nil
        do {
            let connection = try SQLiteConnection(path: Self.uri(path), mode: .readOnly)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard let row = facts.first, case .integer(let version) = row[0], case .integer(let id) = row[1] else {
                throw InstallFailure(.bundledFileInvalid(.unreadableHeader))
            }
            if checksPages { try prepare?(connection) }
            if checksPages, try !Self.passesQuickCheck(connection) {
                throw InstallFailure(.bundledFileInvalid(.failsQuickCheck))
            }
            self.version = Int32(truncatingIfNeeded: version)
            self.applicationID = Int32(truncatingIfNeeded: id)
        } catch let error as SQLiteError {
            throw InstallFailure(.bundledFileInvalid(.cannotOpen(error)))
        }
    }

    /// Whether `PRAGMA quick_check` says `ok`; a page too damaged for it to finish is a failure too.
    private static func passesQuickCheck(_ connection: SQLiteConnection) throws -> Bool {
        do { return try connection.rows(sql: "PRAGMA quick_check") == [["ok"]] } catch let error as SQLiteError
            where error.code ~= .corrupt || error.code ~= .notADatabase
        {
            return false
        }
    }

    /// The cheap checks of the bundle: header, journal mode, side files, size.
    ///
    /// - Returns: the header and the file's size.
    /// - Throws: ``InstallFailure`` saying which check failed.
    private static func checkFile(at path: String) throws -> (DatabaseHeader, Int) {
        let (bytes, size): ([UInt8], Int)
        do {
            let file = try FileDescriptor(opening: path, .readOnly)
            (bytes, size) = (try file.read(upTo: DatabaseHeader.length, at: 0), try file.size())
        } catch let error as FileSystemError {
            throw InstallFailure(.bundledFileInvalid(.cannotRead(error)))
        }
        guard let header = DatabaseHeader(bytes) else { throw InstallFailure(.bundledFileInvalid(.notADatabase)) }
        guard header.isRollbackJournal else {
            let (write, read) = header.formatVersions
            throw InstallFailure(.bundledFileInvalid(.notRollbackJournal(writeVersion: write, readVersion: read)))
        }
        for suffix in ["-wal", "-journal", "-shm"] where FileSystem.exists(path + suffix) {
            throw InstallFailure(.bundledFileInvalid(.sideFile(path + suffix)))
        }
        if let pages = header.pageCount, pages * header.pageSize != size {
            throw InstallFailure(
                .bundledFileInvalid(.sizeDoesNotMatchPageCount(size: size, expected: pages * header.pageSize)))
        }
        return (header, size)
    }

    /// Checks a fresh copy before it is published: the bundle's header byte for byte (so the same version and
    /// application id) and its size; with `quick_check` too where ``checksPages``.
    ///
    /// - Throws: ``InstallFailure`` when the copy differs or cannot be read.
    func validate(copyAt copy: String) throws {
        do {
            let file = try FileDescriptor(opening: copy, .readOnly)
            let bytes = try file.read(upTo: DatabaseHeader.length, at: 0)
            guard let copied = DatabaseHeader(bytes) else {
                throw InstallFailure(.bundledFileInvalid(.copyHasNoHeader))
            }
            guard copied == header, try file.size() == size else {
                throw InstallFailure(.bundledFileInvalid(.copyDoesNotMatch))
            }
            try file.close()
            if checksPages { try checkPages(ofCopyAt: copy) }
        } catch let error as FileSystemError {
            throw InstallFailure(.fileSystem(error))
        }
    }

    /// The full check of a fresh copy: its version and application id as SQLite reads them, and `quick_check`.
    private func checkPages(ofCopyAt copy: String) throws {
        do {
            let connection = try SQLiteConnection(path: Self.uri(copy), mode: .readOnly)
            try prepare?(connection)
            let facts = try connection.rows(sql: "SELECT * FROM pragma_user_version, pragma_application_id")
            guard facts == [[.integer(Int64(version)), .integer(Int64(applicationID))]],
                try Self.passesQuickCheck(connection)
            else {
                throw InstallFailure(.bundledFileInvalid(.copyDoesNotMatch))
            }
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .validateCopy))
        }
    }
}
