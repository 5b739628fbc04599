import Foundation

/// Puts a bundled database where an app can write to it, safely, at every launch: the replacement for the
/// tutorials' "if the file does not exist, copy it".
///
/// - The bundled file is checked first from its header and size, without reading its pages (see
///   ``Verification``): a WAL-mode file, a side file beside it or a size that is not its page count is refused.
/// - An absent copy is installed under a cross-process lock: stale `-journal`, `-wal` and `-shm` files of the
///   absent database are removed (SQLite would replay them onto the new copy), the bundled file is copied to a
///   temporary file beside the destination, fsynced, validated, and published with `link(2)`, which never
///   replaces a file another process published meanwhile; then the folder is fsynced. ``Outcome/copied``.
///   Once the copy is published the install has happened: a failed fsync of the folder is reported as
///   ``Report/durabilityWarning``, never thrown.
/// - A copy at the bundled version is left alone: ``Outcome/upToDate``, with nothing written and the live
///   file never opened outside SQLite (closing any other descriptor of it would drop this process's POSIX
///   locks on the database).
/// - An older copy is upgraded in place by the ``Migrator``, keeping every user row:
///   ``Outcome/upgraded(from:to:)``.
/// - A newer copy (a beta wrote it) is refused with ``InstallerError``; nothing is written.
/// - A damaged copy (empty, not a database, another application's id, failing `quick_check`) is moved aside
///   with its side files as `<name>.corrupt-<timestamp>`, never deleted, and a fresh copy installed:
///   ``Outcome/recovered(quarantined:)``.
/// - Reference tables named in ``refreshTables`` are made equal to the bundled file's at every install, after
///   any upgrade and in the same transaction, so a release with new reference data but no new migration still
///   delivers it; when they are equal already nothing is written. Other tables are never touched.
///
/// ```swift
/// // `bundled`: the file `kiln build` made, e.g. Bundle.main.url(forResource: "santi", withExtension: "sql");
/// // `migrations`: the app's copy of migrations/santi/; `support`: the app's Application Support folder.
/// let installer = DatabaseInstaller(
///     bundled: bundled, destination: support.appendingPathComponent("santi.sqlite"),
///     migrations: try MigrationSet.load(directory: migrations.path), lockTimeout: 10)
/// let report = try installer.install()  // off the main thread: it waits, copies and migrates
/// ```
public struct DatabaseInstaller: Sendable {
    /// What an install did.
    public enum Outcome: Equatable, Sendable {
        /// The bundled file was copied to an absent destination.
        case copied
        /// The copy was already at the bundled version.
        case upToDate
        /// The copy was migrated.
        case upgraded(from: Int32, to: Int32)
        /// A damaged copy was moved aside to `quarantined` (plus its side files) and a fresh copy installed.
        case recovered(quarantined: String)
    }

    /// An install's outcome, the reference tables it rewrote, and whether its published copy is durable.
    public struct Report: Equatable, Sendable {
        /// What happened to the copy.
        public let outcome: Outcome
        /// Reference tables whose rows changed to match the bundle.
        public let refreshedTables: [String]
        /// Set when a fresh copy was published (``Outcome/copied`` or ``Outcome/recovered(quarantined:)``) but
        /// the fsync of its folder failed afterwards: the install succeeded, the new name may not be durable.
        public let durabilityWarning: DurabilityWarning?

        /// A report from its parts.
        public init(outcome: Outcome, refreshedTables: [String], durabilityWarning: DurabilityWarning? = nil) {
            self.outcome = outcome
            self.refreshedTables = refreshedTables
            self.durabilityWarning = durabilityWarning
        }
    }

    /// The database file shipped in the app bundle; only ever read.
    public let bundled: URL
    /// Where the writable copy lives.
    public let destination: URL
    /// The migrations that upgrade an older copy (the same files as `migrations/<database>/`).
    public let migrations: MigrationSet?
    /// Reference tables made equal to the bundled file's at every install.
    public var refreshTables: [String]
    /// How many seconds ``install()-1ib3r`` waits for another install of the same destination (another process, or
    /// another thread of this one) to finish; `nil`, the default, waits as long as it takes. When the time
    /// passes, ``install()-1ib3r`` throws ``InstallerError/Reason/lockTimedOut(seconds:holder:)`` and writes nothing.
    public var lockTimeout: TimeInterval?
    /// How much of the bundled file and of a fresh copy is checked before the copy is published:
    /// ``Verification/header`` (the default, no page read beyond the first) or ``Verification/full``
    /// (`quick_check` of both as well).
    public var verification: Verification
    /// Runs on every connection the installer opens that reads a schema (the inspection of an existing copy,
    /// the one that upgrades or refreshes it, the bundle's for reference rows, and `quick_check` with
    /// ``Verification/full``), before it reads, to register the collations and functions the migrations use
    /// (``SQLiteConnection/createCollation(named:_:)``,
    /// ``SQLiteConnection/createFunction(named:argumentCount:deterministic:_:)``): the same ones the app
    /// registers on its own connections: a schema that uses one (a generated column calling a function, an
    /// index with a custom collation) cannot even be checked without it. An error it throws stops the install with nothing written and is rethrown as it is.
    ///
    /// ```swift
    /// installer.prepareConnection = { connection in
    ///     try connection.createCollation(named: "unicase") { $0.lowercased().compare($1.lowercased()) }
    /// }
    /// ```
    public var prepareConnection: (@Sendable (SQLiteConnection) throws -> Void)?

    /// How to take over a copy another migration system made (tables, but no kiln version): its version is
    /// read from it, and it is adopted there when its schema is what kiln's migrations produce. Nil (the
    /// default): such a copy is refused, as ``InstallerError`` says.
    public var legacyAdoption: LegacyAdoption?
    /// Told how far the copy of the bundled database has got, when the install copies it (a first launch, or
    /// a damaged copy replaced), e.g. to drive a progress bar; nil (the default) is told nothing. It is called
    /// on the thread that runs ``install()-1ib3r``.
    public var copyProgress: (@Sendable (CopyProgress) -> Void)?

    /// An installer for one bundled database.
    public init(
        bundled: URL, destination: URL, migrations: MigrationSet? = nil, refreshTables: [String] = [],
        lockTimeout: TimeInterval? = nil, verification: Verification = .header
    ) {
        self.bundled = bundled
        self.destination = destination
        self.migrations = migrations
        self.refreshTables = refreshTables
        self.lockTimeout = lockTimeout
        self.verification = verification
    }

    /// Opens a bundled database in place, read-only and immutable, for apps that never write to it.
    public static func openBundled(_ url: URL) throws -> SQLiteConnection {
        try SQLiteConnection(path: BundledFile.uri(url.path), mode: .readOnly)
    }

    /// Installs, upgrades or repairs the copy; see the type's documentation.
    ///
    /// This call blocks: it waits for the cross-process lock of the destination (as long as another install
    /// holds it, or up to ``lockTimeout``), then copies the bundled file or runs the migrations, which can take
    /// as long as the largest migration does. Do not call it on the main thread: run it on a background queue
    /// or task before the app opens the database.
    ///
    /// - Returns: what the install did and which reference tables it rewrote.
    /// - Throws: ``InstallerError``, or what ``prepareConnection`` throws; the copy is then unchanged.
    @discardableResult
    public func install() throws -> Report {
        do {
            let source = try BundledFile(path: bundled.path, verification: verification, prepare: prepareConnection)
            if let migrations, migrations.latestVersion != source.version {
                throw InstallFailure(
                    .migrationsDoNotMatchBundle(latest: migrations.latestVersion, bundled: source.version))
            }
            try ReferenceRefresher(tables: refreshTables, bundledPath: source.path, prepare: prepareConnection)
                .validate()
            return try withInstallLock { try installLocked(source, at: destination.path) }
        } catch let failure as InstallFailure {
            throw InstallerError(failure.reason, bundled: bundled.path, destination: destination.path)
        } catch let error as FileSystemError {
            // The bundled path is not a regular file, or the system would not open it.
            throw InstallerError(.fileSystem(error), bundled: bundled.path, destination: destination.path)
        }
    }

    /// Runs `body` under the destination's lock, after sweeping temporary files of killed installs.
    private func withInstallLock(_ body: () throws -> Report) throws -> Report {
        let path = destination.path
        do {
            return try FileLock.withExclusiveLock(at: InstallLock.lockPath(for: path), timeout: lockTimeout) {
                try fileOperation { try InstallLock.sweepTemporaryFiles(of: path) }
                return try body()
            }
        } catch let error as FileSystemError {
            if error.operation == .lock, error.code == EWOULDBLOCK, let lockTimeout {
                throw InstallFailure(.lockTimedOut(seconds: lockTimeout, holder: error.holder))
            }
            throw InstallFailure(.fileSystem(error))
        }
    }

    /// The install proper, under the destination's lock.
    private func installLocked(_ source: BundledFile, at path: String) throws -> Report {
        guard FileSystem.exists(path) else {
            let warning = try copy(source, to: path)
            return Report(outcome: .copied, refreshedTables: [], durabilityWarning: warning)
        }
        switch try CopyInspection.inspect(path, bundledApplicationID: source.applicationID, prepare: prepareConnection)
        {
        case .damaged:
            let quarantined = try quarantine(path)
            let warning = try copy(source, to: path)
            return Report(
                outcome: .recovered(quarantined: quarantined), refreshedTables: [], durabilityWarning: warning)
        case .healthy(let connection, let version):
            return try update(connection, from: version, source: source)
        }
    }

    // MARK: - Steps

    /// Brings a healthy copy to the bundled version and refreshes reference tables.
    private func update(_ connection: SQLiteConnection, from version: Int32, source: BundledFile) throws -> Report {
        if version > source.version {
            throw InstallFailure(.destinationIsNewer(version: version, bundled: source.version))
        }
        let refresher = ReferenceRefresher(
            tables: refreshTables, bundledPath: source.path, prepare: prepareConnection)
        if version == source.version && refreshTables.isEmpty {
            return Report(outcome: .upToDate, refreshedTables: [])
        }
        // The inspection connection is read-only; writing needs a connection of its own.
        do { try connection.close() } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .close))
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: destination.path, mode: .readWrite)
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .open))
        }
        try prepareConnection?(connection)
        if version == source.version {
            let refreshed = try refresher.refreshInOwnTransaction(connection)
            return Report(outcome: .upToDate, refreshedTables: refreshed)
        }
        guard let migrations else {
            throw InstallFailure(.migrationsRequired(version: version, bundled: source.version))
        }
        var refreshed: [String] = []
        var migrator = Migrator(migrations: migrations, applicationID: source.applicationID)
        // The connections the migrator makes itself (the fresh schema a legacy copy is compared with) need the
        // app's collations and functions too; this one has them already.
        if let prepareConnection {
            let prepared = ObjectIdentifier(connection)
            migrator.prepareConnection = { if ObjectIdentifier($0) != prepared { try prepareConnection($0) } }
        }
        let baseline = try version == 0 ? legacyAdoption?.version(connection) : nil
        if baseline != nil { migrator.baselineIgnoredTables = legacyAdoption?.ignoredTables ?? [] }
        do {
            let report = try migrator.migrate(
                connection, to: source.version, baseline: baseline == 0 ? nil : baseline,
                finishing: { refreshed = try refresher.refresh($0) })
            return Report(
                outcome: .upgraded(from: report.startVersion, to: report.endVersion), refreshedTables: refreshed)
        } catch let error as MigrationError {
            if case .notCreatedByKiln = error.reason { throw InstallFailure(.destinationNotCreatedByKiln) }
            throw InstallFailure(.migration(error))
        }
    }

    /// Copies the bundled file to an absent destination: temporary file, fsync, validate, `link`, fsync folder.
    /// Everything that can fail the install happens before the `link`; after it, a failed fsync of the folder
    /// is a ``DurabilityWarning`` (returned), and a temporary name that cannot be removed is left for the next
    /// install's sweep.
    private func copy(_ source: BundledFile, to path: String) throws -> DurabilityWarning? {
        let folder = destination.deletingLastPathComponent().path
        // Side files of a database that no longer exists would be replayed onto the new copy.
        for suffix in ["-journal", "-wal", "-shm"] { try fileOperation { try FileSystem.remove(path + suffix) } }
        let temporary = InstallLock.temporaryPath(for: path)
        do {
            try fileOperation { try copyFile(source, to: temporary) }
            try source.validate(copyAt: temporary)
            try fileOperation {
                do {
                    try FileSystem.link(temporary, to: path)
                } catch let error as FileSystemError where error.code == EEXIST {
                    // Someone outside kiln's lock published a file meanwhile; theirs stays.
                }
            }
        } catch {
            do { try FileSystem.remove(temporary) } catch {
                // The next install sweeps it under the lock.
            }
            throw error
        }
        // Published: nothing from here on may be reported as a failure.
        do { try FileSystem.remove(temporary) } catch {
            // A second name of the published copy; the next install sweeps it under the lock.
        }
        return FileSystem.syncAfterPublishing(in: folder).map { DurabilityWarning(published: path, error: $0) }
    }

    /// Copies the bundled file's bytes to `temporary`, telling ``copyProgress`` how far it has got.
    private func copyFile(_ source: BundledFile, to temporary: String) throws {
        guard let copyProgress else { return try FileSystem.copyFile(source.path, to: temporary) }
        let total = source.size
        copyProgress(CopyProgress(copiedBytes: 0, totalBytes: total))
        try FileSystem.copyFile(source.path, to: temporary) {
            copyProgress(CopyProgress(copiedBytes: $0, totalBytes: total))
        }
        copyProgress(CopyProgress(copiedBytes: total, totalBytes: total))
    }

    /// Moves a damaged copy and its side files aside; returns the new path of the copy.
    private func quarantine(_ path: String) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var target = "\(path).corrupt-\(formatter.string(from: Date()))"
        var attempt = 1
        while FileSystem.exists(target) {
            attempt += 1
            target = "\(path).corrupt-\(formatter.string(from: Date()))-\(attempt)"
        }
        try fileOperation {
            try FileSystem.rename(path, to: target)
            for suffix in ["-journal", "-wal", "-shm"] where FileSystem.exists(path + suffix) {
                try FileSystem.rename(path + suffix, to: target + suffix)
            }
        }
        return target
    }

    /// Runs a file operation, reporting its failure as the install's.
    private func fileOperation<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as FileSystemError {
            throw InstallFailure(.fileSystem(error))
        }
    }
}
