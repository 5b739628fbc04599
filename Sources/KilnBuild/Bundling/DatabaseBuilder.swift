import Foundation
import Kiln

/// What a finished build of one database holds.
public struct BuiltDatabase: Sendable, Equatable {
    /// The database's name.
    public let database: String
    /// The output file's name inside the output folder.
    public let file: String
    /// SHA-256 of the file's bytes.
    public let sha256: String
    /// `PRAGMA user_version`: the newest migration.
    public let userVersion: Int32
    /// `PRAGMA application_id`.
    public let applicationID: Int32
    /// Rows per table.
    public let rowCounts: [String: Int]
    /// The layout-independent ``ContentHash``.
    public let contentHash: String
    /// The ``KilnProject/sourceDigest(for:)`` it was built from.
    public let sourceDigest: String
    /// The SQLite version that wrote it.
    public let sqliteVersion: String
    /// The kiln version that wrote it.
    public let kilnVersion: String
}

/// Builds one database into a file: migrations, seeds, optional `ANALYZE`, checks, and a sealed file that an
/// app can open from a read-only bundle.
///
/// The file is made with an explicit page size, UTF-8 encoding and no auto-vacuum, and with journaling and
/// syncing off while it is private to the build. Sealing switches it to rollback-journal (DELETE) mode, so
/// header bytes 18 and 19 say "not WAL", and vacuums it, so it has no free pages; then it is closed with no
/// `-journal`, `-wal` or `-shm` beside it and fsynced. The same sources and SQLite version give the same bytes.
public struct DatabaseBuilder: Sendable {
    /// The project.
    public let project: KilnProject
    /// The database to build.
    public let database: String

    /// A builder for one database of a project.
    public init(project: KilnProject, database: String) {
        self.project = project
        self.database = database
    }

    /// Builds into `path`, which must not exist yet and is left complete or removed.
    ///
    /// - Throws: ``MigrationError``, ``SeedError``, ``CSVError`` (pointing into the sources),
    ///   ``BuildError`` when a check fails, or ``SQLiteError``.
    public func build(into path: String, sourceDigest: SHA256Digest) throws -> BuiltDatabase {
        do {
            return try buildUnchecked(into: path, sourceDigest: sourceDigest)
        } catch {
            // Best effort while the build error is thrown; the next build sweeps what is left.
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileSystem.remove(path + suffix) }
            throw error
        }
    }

    private func buildUnchecked(into path: String, sourceDigest: SHA256Digest) throws -> BuiltDatabase {
        let settings = project.configuration.settings(for: database)
        let migrator = try project.migrator(for: database)
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.execute(
            sql: "PRAGMA page_size = \(settings.pageSize); PRAGMA encoding = 'UTF-8'; PRAGMA auto_vacuum = NONE")
        _ = try connection.rows(sql: "PRAGMA journal_mode = OFF")
        try connection.execute(sql: "PRAGMA synchronous = OFF")
        try migrator.migrate(connection)
        if FileManager.default.fileExists(atPath: project.seedsDirectory.appendingPathComponent(database).path) {
            try SeedLoader(files: try project.seedFiles(for: database), durability: .unjournaled).load(into: connection)
        }
        if settings.analyze { try connection.execute(sql: "ANALYZE") }
        try check(connection)
        // Seal: a rollback-journal header, no free pages, everything on disk.
        _ = try connection.rows(sql: "PRAGMA journal_mode = DELETE")
        try connection.execute(sql: "VACUUM")
        let (content, counts) = try ContentHash.compute(connection)
        try connection.close()
        try FileSystem.sync(path)

        let expected = BuildExpectations(
            userVersion: migrator.migrations.latestVersion, applicationID: settings.applicationID,
            pageSize: settings.pageSize)
        try BuildInvariants.verify(path: path, expected: expected)
        return BuiltDatabase(
            database: database, file: settings.outputName(for: database),
            sha256: try FileSystem.sha256(ofFileAt: path).hex,
            userVersion: expected.userVersion, applicationID: expected.applicationID, rowCounts: counts,
            contentHash: content.hex,
            sourceDigest: sourceDigest.hex, sqliteVersion: SQLiteConnection.libraryVersion,
            kilnVersion: KilnVersion.current)
    }

    /// `PRAGMA integrity_check` must say ok and `PRAGMA foreign_key_check` must be empty.
    private func check(_ connection: SQLiteConnection) throws {
        let integrity = try connection.rows(sql: "PRAGMA integrity_check")
        guard integrity == [["ok"]] else {
            throw BuildError(
                database: database,
                message: "integrity_check failed: \(integrity.map { "\($0[0])" }.joined(separator: "; "))")
        }
        let violations = try connection.rows(sql: "PRAGMA foreign_key_check")
        guard violations.isEmpty else {
            throw BuildError(
                database: database,
                message:
                    "foreign_key_check found \(violations.count) violation(s), first in table \(violations[0][0]) rowid \(violations[0][1])"
            )
        }
    }
}

/// What a built file must be.
public struct BuildExpectations: Sendable {
    /// The newest migration.
    public let userVersion: Int32
    /// The configured application id.
    public let applicationID: Int32
    /// The configured page size.
    public let pageSize: Int

    /// Expectations from their parts.
    public init(userVersion: Int32, applicationID: Int32, pageSize: Int) {
        self.userVersion = userVersion
        self.applicationID = applicationID
        self.pageSize = pageSize
    }
}

/// The checks every built file passes before it is published.
public enum BuildInvariants {
    /// Checks a closed, built file: header bytes 18-19 are 1 (rollback journal, not WAL), no side files,
    /// `user_version` and `application_id` as expected, integrity and foreign-key checks clean, no free pages.
    ///
    /// - Throws: ``BuildError`` naming the first broken invariant.
    public static func verify(path: String, expected: BuildExpectations, database: String? = nil) throws {
        let name = database ?? URL(fileURLWithPath: path).lastPathComponent
        let header = try FileSystem.prefix(of: path, count: 100)
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw BuildError(database: name, message: "\(path) is not a SQLite database")
        }
        guard header[18] == 1 && header[19] == 1 else {
            throw BuildError(
                database: name,
                message: "header bytes 18-19 are \(header[18]), \(header[19]), not 1, 1: the file is in WAL mode")
        }
        for suffix in ["-journal", "-wal", "-shm"] where FileSystem.exists(path + suffix) {
            throw BuildError(database: name, message: "\(path)\(suffix) exists beside the built file")
        }
        let connection = try SQLiteConnection(path: BundledFile.uri(path), mode: .readOnly)
        let facts = try connection.rows(
            sql: "SELECT * FROM pragma_user_version, pragma_application_id, pragma_freelist_count, pragma_page_size")
        guard let row = facts.first else { throw BuildError(database: name, message: "cannot read the file's pragmas") }
        if row[0] != .integer(Int64(expected.userVersion)) {
            throw BuildError(database: name, message: "user_version is \(row[0]), expected \(expected.userVersion)")
        }
        if row[1] != .integer(Int64(expected.applicationID)) {
            throw BuildError(database: name, message: "application_id is \(row[1]), expected \(expected.applicationID)")
        }
        if row[2] != .integer(0) { throw BuildError(database: name, message: "the file has \(row[2]) free pages") }
        if row[3] != .integer(Int64(expected.pageSize)) {
            throw BuildError(database: name, message: "page_size is \(row[3]), expected \(expected.pageSize)")
        }
        guard try connection.rows(sql: "PRAGMA integrity_check") == [["ok"]] else {
            throw BuildError(database: name, message: "integrity_check failed")
        }
        guard try connection.rows(sql: "PRAGMA foreign_key_check").isEmpty else {
            throw BuildError(database: name, message: "foreign_key_check is not empty")
        }
    }
}

/// A build produced something that breaks a promise of a built file.
public struct BuildError: DiagnosticError, Equatable {
    /// The database.
    public let database: String
    /// What is wrong.
    public let message: String

    public var diagnostics: [Diagnostic] { [Diagnostic(.error, "\(database): \(message)")] }
}
