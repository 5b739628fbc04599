import Foundation

/// Brings a database to a version of its ``MigrationSet``, one migration per transaction, tracking the version
/// in `PRAGMA user_version` and nothing else inside the file.
///
/// For each pending migration the migrator turns foreign-key enforcement off (outside the transaction, where
/// the setting takes effect), starts `BEGIN IMMEDIATE`, re-reads `user_version` under that write lock (so that
/// several processes migrating one file apply every migration exactly once), runs the file's statements,
/// runs `PRAGMA foreign_key_check`, sets `user_version`, commits, and restores the foreign-key setting. A
/// failure rolls that migration back completely and leaves the database at the last version that committed.
///
/// It refuses, before writing anything, a file that is not a database, a database of another application,
/// one whose version is above the newest migration, and one at version 0 that already has tables (unless a
/// baseline is given).
///
/// ## Topics
/// - ``migrate(_:to:baseline:onEvent:finishing:)``
/// - ``Event``
/// - ``Report``
public struct Migrator: Sendable {
    /// What the migrator reports while it works.
    public enum Event: Sendable {
        /// A migration is about to run.
        case willApply(Migration)
        /// A migration committed, after running for `duration` seconds.
        case applied(Migration, duration: TimeInterval)
        /// A database at version 0 was adopted at `version` after its schema matched.
        case baselined(version: Int32)
    }

    /// What a run did.
    public struct Report: Sendable {
        /// The version before the run.
        public let startVersion: Int32
        /// The version after the run.
        public let endVersion: Int32
        /// The migrations this run applied, with their durations in seconds.
        public let applied: [(migration: Migration, duration: TimeInterval)]
        /// The version a baseline adopted, if one did.
        public let baselinedVersion: Int32?
    }

    /// The migrations to apply.
    public let migrations: MigrationSet
    /// The `PRAGMA application_id` stamped on a database the migrator creates, and required of any database
    /// that already has one; 0 means none.
    public let applicationID: Int32
    /// Whether every connection the migrator migrates reads `"text"` that names no column as a string, as legacy
    /// SQLite did (``SQLiteConnection/allowDoubleQuotedStringLiterals(_:)``); off by default.
    public var doubleQuotedStringLiterals = false
    /// Runs on every connection the migrator migrates, before its first migration (and on the in-memory
    /// connections it makes itself: a fresh schema for a baseline's comparison, a dry run), to register
    /// what the migrations need that SQLite does not have: the app's collations
    /// (``SQLiteConnection/createCollation(named:_:)``) and functions
    /// (``SQLiteConnection/createFunction(named:argumentCount:deterministic:_:)``). Register the same ones the
    /// app's own connections use, so a migration's `COLLATE unicase` means what the app means. An error it
    /// throws stops the migration before anything is written and is rethrown as it is.
    public var prepareConnection: (@Sendable (SQLiteConnection) throws -> Void)?

    /// Tables a baseline's schema comparison leaves out: another migration tool's tracking table
    /// (`__diesel_schema_migrations`, …), which a database being adopted still has and kiln's migrations never
    /// make.
    public var baselineIgnoredTables: [String] = []
    /// Runs inside the transaction that adopts a database at a baseline, once its schema matched and before its
    /// version is set, so that what it writes commits or rolls back with the baseline (`kiln migrate
    /// --drop-tracking-table` drops another tool's tracking table there). An error it throws rolls the
    /// baseline back and is rethrown as it is.
    package var whileBaselining: (@Sendable (SQLiteConnection) throws -> Void)?

    /// Creates a migrator for a migration set.
    public init(migrations: MigrationSet, applicationID: Int32 = 0) {
        self.migrations = migrations
        self.applicationID = applicationID
    }

    /// The version recorded in a database (`PRAGMA user_version`).
    public static func version(of connection: SQLiteConnection) throws -> Int32 {
        Int32(truncatingIfNeeded: try connection.integer(sql: "PRAGMA main.user_version"))
    }

    /// Migrates the database of `connection` to `target` (default: the newest version).
    ///
    /// - Parameters:
    ///   - connection: a connection outside any transaction.
    ///   - target: the version to reach; it may not be below the database's version.
    ///   - baseline: for a database at version 0 that already has tables, the version whose schema it should
    ///     already have; it is adopted at that version only when the schemas are equal.
    ///   - onEvent: called as migrations start and finish.
    ///   - finishing: runs inside the transaction of the migration that reaches `target`, before it commits,
    ///     so its writes commit or roll back with that migration (not called when nothing is pending).
    ///
    /// ``prepareConnection`` runs on `connection` first.
    ///
    /// Every migration starts from the connection's settings as they were when this was called: a `PRAGMA`
    /// such as `legacy_alter_table` or `recursive_triggers` set by one migration is put back before the next
    /// and after the last, so a chain gives the same schema whatever version it
    /// starts from.
    /// - Returns: what was done.
    /// - Throws: ``MigrationError``, or what ``prepareConnection`` throws.
    @discardableResult
    public func migrate(
        _ connection: SQLiteConnection, to target: Int32? = nil, baseline: Int32? = nil,
        onEvent: (Event) -> Void = { _ in }, finishing: ((SQLiteConnection) throws -> Void)? = nil
    ) throws -> Report {
        let goal = target ?? migrations.latestVersion
        try prepare(connection)
        let startVersion = try inspect(connection)
        try checkRange(connection, goal: goal, baseline: baseline, startVersion: startVersion)
        let foreignKeysWereOn = try connection.integer(sql: "PRAGMA foreign_keys") == 1
        var baselinedVersion: Int32?
        if let baseline, startVersion == 0, try adoptIfUnversioned(connection, at: baseline) {
            baselinedVersion = baseline
            onEvent(.baselined(version: baseline))
        }
        var applied: [(migration: Migration, duration: TimeInterval)] = []
        var version = startVersion
        let settings = try readSettings(connection)
        defer { try? settings.restore(on: connection) }
        while true {
            let stopwatch = Stopwatch()
            let step: Migration?
            do {
                try restore(settings, on: connection)
                step = try withForeignKeysOff(foreignKeysWereOn, connection) {
                    try applyNext(connection, goal: goal, version: &version, onEvent: onEvent, finishing: finishing)
                }
            } catch var error as MigrationError {
                let inProgress = version < goal ? migrations.migration(version: version + 1)?.version : nil
                error.run = MigrationError.RunState(
                    startVersion: startVersion, committedVersion: version, migrationInProgress: inProgress)
                throw error
            }
            guard let migration = step else { break }
            let duration = stopwatch.elapsed
            applied.append((migration, duration))
            onEvent(.applied(migration, duration: duration))
        }
        return Report(
            startVersion: startVersion, endVersion: version, applied: applied, baselinedVersion: baselinedVersion)
    }

    /// The schema a fresh database has at `version`, built in memory.
    package func freshSchema(at version: Int32) throws -> SchemaSnapshot {
        try SchemaSnapshot.read(from: freshDatabase(at: version))
    }

    /// Sets `connection` up as this migrator sets up every connection it migrates: its setup closure
    /// (``prepareConnection``), then double-quoted string literals when ``doubleQuotedStringLiterals`` allows
    /// them. The one way kiln prepares a connection like the migrator (a seed load, a schema file, a probe).
    ///
    /// - Throws: what ``prepareConnection`` throws, or ``SQLiteError``.
    package func prepare(_ connection: SQLiteConnection) throws {
        try prepareConnection?(connection)
        if doubleQuotedStringLiterals { try connection.allowDoubleQuotedStringLiterals(true) }
    }

    /// A new in-memory database brought to `version` (the newest when nil) by this migrator as it is
    /// configured (setup closure, settings; stamping its application id does not change the schema): the one
    /// way kiln makes a scratch database at a version.
    ///
    /// - Throws: ``MigrationError``, or what ``prepareConnection`` throws.
    /// - Returns: its connection.
    /// - Parameters:
    ///   - version: the version to reach; the newest when nil.
    ///   - observe: called with the database at each version the chain passes (see
    ///     ``migrate(_:to:observing:)``); nil to watch nothing.
    package func freshDatabase(
        at version: Int32? = nil, observing observe: ((SQLiteConnection, Int32) -> Void)? = nil
    ) throws -> SQLiteConnection {
        let scratch = try SQLiteConnection(path: ":memory:")
        try migrate(scratch, to: version, observing: observe)
        return scratch
    }

    /// Migrates `connection` to `target` (the newest when nil), calling `observe` with the database at each
    /// version it passes: before each migration (inside its transaction, at the version before it), then once
    /// at the version reached. A migration that fails is observed before it, and the error is thrown.
    ///
    /// - Throws: ``MigrationError``, or what ``prepareConnection`` throws.
    package func migrate(
        _ connection: SQLiteConnection, to target: Int32?, observing observe: ((SQLiteConnection, Int32) -> Void)?
    ) throws {
        guard let observe else {
            try migrate(connection, to: target)
            return
        }
        try migrate(connection, to: target) { event in
            if case .willApply(let migration) = event { observe(connection, migration.version - 1) }
        }
        observe(connection, try Self.version(of: connection))
    }

    /// The migrations a database at `version` still needs to reach the newest version.
    public func pending(after version: Int32) -> [Migration] {
        migrations.migrations.filter { $0.version > version }
    }

    // MARK: - Steps

    /// Reads the version, proving on the way that the file is a database.
    private func inspect(_ connection: SQLiteConnection) throws -> Int32 {
        do {
            _ = try connection.integer(sql: "SELECT count(*) FROM main.sqlite_schema")
            return try Self.version(of: connection)
        } catch let error as SQLiteError where error.code.matches(.notADatabase) {
            throw failure(.notADatabase, connection)
        } catch let error as SQLiteError {
            throw failure(.cannotRead(error), connection)
        }
    }

    /// Refuses a target above the newest migration or below the database's version, and a baseline that is
    /// not between 1 and the target.
    private func checkRange(_ connection: SQLiteConnection, goal: Int32, baseline: Int32?, startVersion: Int32)
        throws
    {
        let latest = migrations.latestVersion
        guard goal >= 0, goal <= latest, goal >= startVersion || startVersion > latest else {
            throw failure(.invalidTarget(target: goal, current: startVersion, latest: latest), connection)
        }
        if let baseline, baseline < 1 || baseline > goal {
            throw failure(
                .invalidTarget(target: goal, current: startVersion, latest: latest, baseline: baseline), connection)
        }
    }

    /// Adopts a database at version 0 that has tables at `baseline`, under the write lock; returns whether it
    /// did (a database that another process versioned meanwhile, or that is empty, is left to the migrations).
    private func adoptIfUnversioned(_ connection: SQLiteConnection, at baseline: Int32) throws -> Bool {
        try withTransaction(connection) { () throws -> Bool in
            let version = try Self.version(of: connection)
            try refuseForeign(connection, version: version, baseline: baseline)
            guard version == 0, try !SchemaSnapshot.read(from: connection).isEmpty else { return false }
            try adopt(connection, at: baseline)
            return true
        }
    }

    /// Applies the migration after the database's version in a transaction of its own, when the version is
    /// below `goal`; returns it, or nil when there is nothing left to do.
    private func applyNext(
        _ connection: SQLiteConnection, goal: Int32, version: inout Int32, onEvent: (Event) -> Void,
        finishing: ((SQLiteConnection) throws -> Void)?
    ) throws -> Migration? {
        // `version` stays the committed one until the commit returns: an error thrown by the commit itself
        // leaves it naming the version before this migration.
        let migration = try withTransaction(connection) { () throws -> Migration? in
            // Another process may have migrated while this one waited for the write lock.
            version = try Self.version(of: connection)
            try refuseForeign(connection, version: version, baseline: nil)
            guard version < goal, let migration = migrations.migration(version: version + 1) else { return nil }
            onEvent(.willApply(migration))
            if version == 0 && applicationID != 0 {
                try run("PRAGMA main.application_id = \(applicationID)", on: connection)
            }
            try apply(migration, on: connection)
            if migration.version == goal, let finishing { try finishing(connection) }
            return migration
        }
        if let migration { version = migration.version }
        return migration
    }

    /// Refuses databases this migration set did not make, inside the write lock so the answer cannot change.
    private func refuseForeign(_ connection: SQLiteConnection, version: Int32, baseline: Int32?) throws {
        let latest = migrations.latestVersion
        if version > latest || version < 0 {
            throw failure(.databaseIsNewer(version: version, latest: latest), connection)
        }
        let found = Int32(truncatingIfNeeded: try connection.integer(sql: "PRAGMA main.application_id"))
        if applicationID != 0 && found != 0 && found != applicationID {
            throw failure(.applicationIDMismatch(found: found, expected: applicationID), connection)
        }
        if version == 0, baseline == nil, try !SchemaSnapshot.read(from: connection).isEmpty {
            throw failure(.notCreatedByKiln, connection)
        }
    }

    /// Sets the version of a database whose schema equals the schema of `version`.
    private func adopt(_ connection: SQLiteConnection, at version: Int32) throws {
        let expected: SchemaSnapshot
        do { expected = try freshSchema(at: version) } catch var error as MigrationError {
            // The chain failed in the scratch database, not in the file, which is still at version 0.
            error.failedBuildingBaseline = version
            throw error
        }
        let differences = SchemaDifference.compare(
            expected: expected, actual: try SchemaSnapshot.read(from: connection),
            ignoringTables: baselineIgnoredTables)
        guard differences.isEmpty else {
            throw failure(.baselineMismatch(version: version, differences: differences), connection)
        }
        try whileBaselining?(connection)
        try run("PRAGMA main.user_version = \(version)", on: connection)
    }

    /// Runs one migration's statements, checks foreign keys and records the version, inside the open
    /// transaction.
    private func apply(_ migration: Migration, on connection: SQLiteConnection) throws {
        do {
            try connection.forEachStatement(utf8: migration.source.bytes) { statement, _ in try statement.run() }
        } catch let scriptFailure as SQLiteScriptFailure where scriptFailure.error.code.isFileOrSystemFault {
            throw failure(.fileFailed(version: migration.version, scriptFailure.error), connection)
        } catch let scriptFailure as SQLiteScriptFailure {
            var error = failure(
                .statementFailed(version: migration.version, scriptFailure.error), connection,
                at: SQLErrorLocator.locate(scriptFailure, in: migration))
            let missing = "no such function: "
            if scriptFailure.error.message.hasPrefix(missing) {
                let name = String(scriptFailure.error.message.dropFirst(missing.count))
                error.missingFunctionArities = FunctionCalls.arities(of: name, in: migration.source.bytes)
            }
            throw error
        }
        let violations = try ForeignKeyViolation.all(in: connection)
        if let first = violations.first {
            throw failure(
                .foreignKeyViolation(version: migration.version, violations: violations), connection,
                at: SQLErrorLocator.locate(foreignKeyOf: first.table, to: first.parent, in: migration))
        }
        try run("PRAGMA main.user_version = \(migration.version)", on: connection)
    }

    // MARK: - Plumbing

    /// The connection's settings before any migration runs.
    private func readSettings(_ connection: SQLiteConnection) throws -> ConnectionSettings {
        do { return try ConnectionSettings(of: connection) } catch let error as SQLiteError {
            throw failure(.database(error), connection)
        }
    }

    /// Puts the settings a migration may have changed back, so the next one starts as the first did.
    private func restore(_ settings: ConnectionSettings, on connection: SQLiteConnection) throws {
        do { try settings.restore(on: connection) } catch let error as SQLiteError {
            throw failure(.database(error), connection)
        }
    }

    /// `BEGIN IMMEDIATE`, `body`, `COMMIT`; any error rolls back (when SQLite has not already) and is rethrown
    /// as a ``MigrationError``.
    private func withTransaction<Result>(_ connection: SQLiteConnection, _ body: () throws -> Result) throws -> Result {
        do {
            return try connection.transaction(.immediate, body)
        } catch let error as SQLiteError {
            throw failure(.database(error), connection)
        }
    }

    /// Runs `body` with foreign-key enforcement off when it was on, restoring it afterwards. The setting can
    /// only change outside a transaction (<https://www.sqlite.org/pragma.html#pragma_foreign_keys>).
    private func withForeignKeysOff<Result>(_ wereOn: Bool, _ connection: SQLiteConnection, _ body: () throws -> Result)
        throws -> Result
    {
        guard wereOn else { return try body() }
        try setForeignKeys(false, on: connection)
        let result: Result
        do {
            result = try body()
        } catch {
            do { try setForeignKeys(true, on: connection) } catch {
                // The migration's own error is the one worth reporting; the setting belongs to this connection only.
            }
            throw error
        }
        try setForeignKeys(true, on: connection)
        return result
    }

    /// Turns foreign key enforcement on or off, read back (inside a transaction SQLite would ignore it).
    private func setForeignKeys(_ enforced: Bool, on connection: SQLiteConnection) throws {
        do { try connection.setForeignKeys(enforced) } catch let error as SQLiteError {
            throw failure(.database(error), connection)
        }
    }

    private func run(_ sql: String, on connection: SQLiteConnection) throws {
        do { try connection.execute(sql: sql) } catch let error as SQLiteError {
            throw failure(.database(error), connection)
        }
    }

    /// An error about the database of `connection`.
    private func failure(
        _ reason: MigrationError.Reason, _ connection: SQLiteConnection, at location: SourceLocation? = nil
    ) -> MigrationError {
        MigrationError(reason, location: location, path: connection.path, database: migrations.database)
    }
}
