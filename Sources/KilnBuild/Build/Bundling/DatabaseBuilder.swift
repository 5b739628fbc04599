import Foundation
import Kiln

/// Builds one database into a file: migrations, seeds, optional `ANALYZE`, checks, and a sealed file that an
/// app can open from a read-only bundle.
///
/// The file is made with an explicit page size, UTF-8 encoding and no auto-vacuum, and with journaling and
/// syncing off while it is private to the build. Sealing switches it to rollback-journal (DELETE) mode, so
/// header bytes 18 and 19 say "not WAL", and vacuums it, so it has no free pages; then it is closed with no
/// `-journal`, `-wal` or `-shm` beside it and fsynced. The connection's clock is pinned (``BuildClock``) and its
/// `random()` and `randomblob()` are seeded from the sources' digest, so the same sources, clock and SQLite
/// version give the same bytes.
package struct DatabaseBuilder: Sendable {
    /// The project.
    package let project: KilnProject
    /// The database to build.
    package let database: String
    /// What the build's SQL sees as 'now'.
    package let clock: BuildClock
    /// Called as each step starts and while seeds load; nil (the default) reports nothing.
    package var progress: (@Sendable (BuildProgress.Step) -> Void)?
    /// The file the build will be published as, when it replaces one: a failure of the disk says that file
    /// was left as it was, rather than naming the temporary file being built.
    package var destination: String?

    /// A builder for one database of a project, its clock pinned at `clock` (by default, now).
    package init(project: KilnProject, database: String, clock: BuildClock = .startingNow()) {
        self.project = project
        self.database = database
        self.clock = clock
    }

    /// Builds into `path`, which must not exist yet and is left complete or removed.
    ///
    /// - Throws: ``MigrationError``, ``SeedError``, ``CSVError`` (pointing into the sources),
    ///   ``BuildError`` when a check fails, or ``SQLiteError``.
    /// - Parameters:
    ///   - path: the file to build.
    ///   - sourceDigest: the sources' digest, which seeds `random()` and `randomblob()`.
    ///   - observe: called with the database at each version its migrations pass, before the seeds (see
    ///     ``Migrator/migrate(_:to:observing:)``): how a check learns each version's schema from the build
    ///     rather than migrating a database of its own. Nil to watch nothing.
    /// - Returns: what was built.
    package func build(
        into path: String, sourceDigest: SHA256Digest, observing observe: ((SQLiteConnection, Int32) -> Void)? = nil
    ) throws -> BuiltDatabase {
        do {
            return try buildUnchecked(into: path, sourceDigest: sourceDigest, observing: observe)
        } catch {
            // Best effort while the build error is thrown; the next build sweeps what is left.
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileSystem.remove(path + suffix) }
            guard let cause = Self.diskFault(in: error) else { throw error }
            throw BuildError(database: database, .fileFailed(file: path, cause: cause, published: destination))
        }
    }

    /// What failed, when `error` is a fault of the disk or the system under the build (an I/O error, a full
    /// disk, a file that cannot be written) rather than of the sources: the build's own temporary file failed,
    /// whatever step was running. An interrupt is not one: it stays the error it is.
    ///
    /// - Returns: SQLite's explanation (extended code, `errno`) or the system call's error, or nil.
    static func diskFault(in error: any Error) -> String? {
        let sqliteError: SQLiteError?
        switch error {
        case let error as FileSystemError: return error.description
        case let error as SQLiteError: sqliteError = error
        case let error as SeedError:
            guard case .databaseFailed(_, let cause, _) = error.reason else { return nil }
            sqliteError = cause
        case let error as MigrationError:
            if case .statementFailed = error.reason { return nil }
            sqliteError = error.sqliteError
        default: return nil
        }
        guard let sqliteError, sqliteError.code.isFileOrSystemFault, !sqliteError.code.matches(.interrupt) else {
            return nil
        }
        return sqliteError.explanation
    }

    private func buildUnchecked(
        into path: String, sourceDigest: SHA256Digest, observing observe: ((SQLiteConnection, Int32) -> Void)?
    ) throws -> BuiltDatabase {
        let settings = project.configuration.settings(for: database)
        let migrator = try project.migrator(for: database)
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate, clock: clock.sqliteClock)
        try connection.useDeterministicRandomness(seed: sourceDigest.bytes)
        try connection.execute(
            sql: "PRAGMA page_size = \(settings.pageSize); PRAGMA encoding = 'UTF-8'; PRAGMA auto_vacuum = NONE")
        // The journal in memory, not OFF: defensive mode refuses OFF (SQLite answered `delete` and kept a
        // journal file, created and deleted at every migration's commit), and a failing statement still rolls back.
        try connection.setJournalMode(.memory)
        try connection.setSynchronization(.off)
        try migrate(connection, with: migrator, observing: observe)
        if FileSystem.exists(project.seedsDirectory.appendingPathComponent(database).path) {
            try SeedLoader(files: try project.seedFiles(for: database), durability: .unjournaled).load(
                into: connection, progress: progress.map { report in { report(.seeding($0)) } })
        }
        if settings.analyze {
            progress?(.analyzing)
            try connection.execute(sql: "ANALYZE")
        }
        progress?(.checking)
        try check(connection)
        // Seal: a rollback-journal header, no free pages, everything on disk.
        progress?(.sealing)
        try connection.setJournalMode(.delete)
        try connection.execute(sql: "VACUUM")
        let (content, counts) = try ContentHash.compute(connection)
        try connection.close()
        try FileSystem.sync(path)

        let expected = BuildExpectations(
            userVersion: migrator.migrations.latestVersion, applicationID: settings.applicationID,
            pageSize: settings.pageSize)
        try BuildInvariants.verify(path: path, expected: expected, prepare: migrator.prepareConnection)
        return BuiltDatabase(
            database: database, file: settings.outputName(for: database),
            sha256: try FileSystem.sha256(ofFileAt: path).hex,
            userVersion: expected.userVersion, applicationID: expected.applicationID, rowCounts: counts,
            contentHash: content.hex,
            sourceDigest: sourceDigest.hex, sqliteVersion: SQLiteConnection.libraryVersion,
            kilnVersion: KilnVersion.current, clock: clock)
    }

    /// Runs every migration, reporting each as it starts.
    private func migrate(
        _ connection: SQLiteConnection, with migrator: Migrator, observing observe: ((SQLiteConnection, Int32) -> Void)?
    ) throws {
        let latest = migrator.migrations.latestVersion
        try migrator.migrate(connection) { [progress] event in
            guard case .willApply(let migration) = event else { return }
            progress?(.migrating(version: migration.version, of: latest))
            observe?(connection, migration.version - 1)
        }
        observe?(connection, try Migrator.version(of: connection))
    }

    /// `PRAGMA integrity_check` must say ok and `PRAGMA foreign_key_check` must be empty.
    private func check(_ connection: SQLiteConnection) throws {
        let integrity = try connection.rows(sql: "PRAGMA integrity_check")
        guard integrity == [["ok"]] else {
            throw BuildError(database: database, .integrityCheckFailed(details: integrity.map { "\($0[0])" }))
        }
        let violations = try connection.rows(sql: "PRAGMA foreign_key_check")
        if let first = violations.first {
            throw BuildError(
                database: database, .foreignKeyViolations(count: violations.count, table: first[0], rowid: first[1]))
        }
    }
}
