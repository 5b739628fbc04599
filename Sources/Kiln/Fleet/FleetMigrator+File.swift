import Foundation

extension FleetMigrator {
    /// What the migration of one file has done so far, across its attempts: filled from the migrator's events
    /// so that a file that fails or stays busy half-way still says which versions it went from and to.
    struct FileProgress {
        /// The version the header recorded, when it could be read.
        let headerVersion: Int32?
        /// The version under the write lock before the first migration this run applied.
        var versionBeforeFirstMigration: Int32?
        /// The version of the last migration that committed.
        var lastCommittedVersion: Int32?
        /// How many migrations committed.
        var appliedCount = 0
        /// How many attempts found the write lock busy.
        var busyAttempts = 0
        /// Whether the version read back after a failure was past the last commit this run saw.
        var failedAfterCommit = false

        /// Records one event of the migrator.
        mutating func record(_ event: Migrator.Event) {
            switch event {
            case .willApply(let migration):
                if versionBeforeFirstMigration == nil { versionBeforeFirstMigration = migration.version - 1 }
            case .applied(let migration, _):
                lastCommittedVersion = migration.version
                appliedCount += 1
            case .baselined(let version):
                if versionBeforeFirstMigration == nil { versionBeforeFirstMigration = 0 }
                lastCommittedVersion = version
            }
        }

        /// The version the migrator found under the write lock when it finished without error.
        var finalVersion: Int32?

        /// Records what a successful attempt ended with: the version read under the write lock, which is the
        /// truth even when another process (or another name of the same file) migrated it meanwhile and the
        /// header read before the lock was stale.
        mutating func record(_ report: Migrator.Report) {
            finalVersion = report.endVersion
        }

        /// Records the version read back from the file after a failure, when it is past the last commit this
        /// run saw: an I/O error after SQLite's commit point (the folder's fsync after the journal's removal)
        /// fails the migration although it committed, and the file is at the newer version.
        mutating func record(readBack version: Int32?) {
            guard let version, let known = lastCommittedVersion ?? versionBeforeFirstMigration, version > known
            else { return }
            appliedCount += Int(version - known)
            lastCommittedVersion = version
            failedAfterCommit = true
        }

        /// The version the file started at: before the first migration this run applied, else (nothing
        /// applied) the version it was found at under the lock, else as the header said.
        var fromVersion: Int32? { versionBeforeFirstMigration ?? finalVersion ?? headerVersion }

        /// The version read back from the file after a fault of the disk, which may be past the last migration
        /// the migrator saw commit (``MigrationError/RunState``).
        var versionReadBack: Int32?

        /// The version the file is at now, as far as this run knows.
        var toVersion: Int32? { finalVersion ?? versionReadBack ?? lastCommittedVersion ?? fromVersion }
    }

    /// Migrates one file, trying again while its write lock is busy; the body of
    /// ``migrate(_:)-(FleetFile)``.
    func migrateOne(_ file: FleetFile, isCancelled: () -> Bool = { false }) -> FleetFileResult {
        let stopwatch = Stopwatch()
        func result(_ outcome: FleetFileResult.Outcome, _ progress: FileProgress, _ error: (any Error)? = nil)
            -> FleetFileResult
        {
            FleetFileResult(
                file: file, outcome: outcome, fromVersion: progress.fromVersion, toVersion: progress.toVersion,
                appliedCount: progress.appliedCount, busyRetries: progress.busyAttempts,
                duration: stopwatch.elapsed, error: error, failedAfterCommit: progress.failedAfterCommit)
        }
        if let problem = file.problem { return result(.refused, FileProgress(headerVersion: nil), problem) }
        // One `lstat` tells a vanished file, and a link (whose target `stat` must find) from a file.
        guard let kind = FileSystem.kindWithoutFollowing(file.path) else {
            return result(.vanished, FileProgress(headerVersion: nil))
        }
        let isLink = kind == .symbolicLink
        if isLink, let dangling = Self.danglingLink(file.path) {
            return result(.refused, FileProgress(headerVersion: nil), dangling)
        }
        let look = lookAtHeader(of: file.path, isLink: isLink)
        var progress = FileProgress(headerVersion: look.version)
        if look.isUpToDate { return result(.upToDate, progress) }
        let attempts = max(1, busyAttempts)
        for attempt in 1...attempts {
            do {
                progress.record(try migrateExisting(file.path, isLink: isLink) { progress.record($0) })
                return result(progress.lastCommittedVersion != nil ? .migrated : .upToDate, progress)
            } catch {
                if let version = (error as? MigrationError)?.run?.versionReadBack { progress.versionReadBack = version }
                let outcome = Self.outcome(of: error)
                if outcome == .busy { progress.busyAttempts += 1 }
                // A cancelled run does not wait out another writer's lock again.
                if outcome == .busy, isCancelled() { return result(.interrupted, progress, error) }
                if outcome == .busy, attempt < attempts {
                    Thread.sleep(forTimeInterval: Self.busyBackoff(afterAttempt: attempt))
                    continue
                }
                // Deleted between the listing and the open: nothing was created in its place.
                if outcome == .refused, !FileSystem.exists(file.path) { return result(.vanished, progress) }
                if outcome == .failed, !dryRun { progress.record(readBack: Self.version(of: file.path)) }
                return result(outcome, progress, error)
            }
        }
        return result(.busy, progress)
    }

    /// The file's `user_version` as a read-only connection finds it, or nil when it cannot say (a hot journal it
    /// may not roll back, an unreadable file).
    static func version(of path: String) -> Int32? {
        guard let connection = try? SQLiteConnection(path: path, mode: .readOnly) else { return nil }
        defer { try? connection.close() }
        return try? Migrator.version(of: connection)
    }

    /// The error of a symbolic link whose target does not exist (`stat` fails where `lstat` did not), said
    /// as the system says it rather than as SQLite's "unable to open database file".
    static func danglingLink(_ path: String) -> FileSystemError? {
        do {
            _ = try FileSystem.kindOfFile(at: path)
            return nil
        } catch let error as FileSystemError {
            return error
        } catch {
            return nil
        }
    }

    /// One attempt at an existing file, which is never created; an empty one is made a database only when
    /// ``createsDatabasesInEmptyFiles`` and `path` is no symbolic link (`isLink`).
    private func migrateExisting(_ path: String, isLink: Bool, onEvent: (Migrator.Event) -> Void) throws
        -> Migrator.Report
    {
        let emptyFile: Migrator.EmptyFileRule =
            createsDatabasesInEmptyFiles && !isLink ? .makeDatabase : .refuse(throughSymbolicLink: isLink)
        return try migrator.migrate(
            fileAt: path, to: target, baseline: baseline, dryRun: dryRun, creating: false, emptyFile: emptyFile,
            busyTimeoutMilliseconds: busyTimeoutMilliseconds, onEvent: onEvent)
    }

    /// The pause before trying a busy file again: short and growing, so a writer that is about to commit gets
    /// out of the way without the fleet hammering its lock.
    static func busyBackoff(afterAttempt attempt: Int) -> TimeInterval {
        0.02 * Double(min(attempt, 10))
    }
}
