import Foundation

/// Migrates many database files of one migration set, with bounded concurrency: each file exactly as
/// ``Migrator/migrate(fileAt:to:baseline:dryRun:onEvent:)`` would (same checks, same refusals, one
/// transaction per migration), except that a file that does not exist is never created, and an empty file is
/// refused rather than made a database (unless ``createsDatabasesInEmptyFiles``).
///
/// A file whose header already says it is at the target version costs one read of its first 100 bytes (and a
/// look for a `-journal` or `-wal` file beside it). A file whose write lock another connection holds is tried
/// again up to ``busyAttempts`` times, each waiting ``busyTimeoutMilliseconds``, before it is reported
/// ``FleetFileResult/Outcome/busy``.
///
/// Files are taken from the sequence and results handed to `onResult` on the calling thread, so neither needs
/// to be thread-safe; the work runs on ``concurrency`` threads of the fleet's own. Memory holds only the files
/// in flight and the summary, whatever the size of the fleet.
///
/// ## Topics
/// - ``migrate(_:onResult:isCancelled:)``
/// - ``FleetFileResult``
/// - ``FleetSummary``
public struct FleetMigrator: Sendable {
    /// Migrates each file.
    public var migrator: Migrator
    /// How many files are migrated at once (at least 1).
    public var concurrency: Int
    /// The version to reach; nil for the newest.
    public var target: Int32?
    /// For files at version 0 that already have tables: the version whose schema they should have
    /// (``Migrator/migrate(_:to:baseline:onEvent:finishing:)``).
    public var baseline: Int32?
    /// Run each file's migrations on an in-memory copy and leave the files untouched.
    public var dryRun = false
    /// Stop starting files after the first one that fails, is refused or is busy; files in flight finish.
    public var stopsAtFirstFailure = false
    /// How long one attempt waits for another connection's lock.
    public var busyTimeoutMilliseconds: Int32 = 2000
    /// How many attempts a busy file gets before it is reported busy (at least 1).
    public var busyAttempts = 3
    /// Make a new database of each empty (0-byte) regular file, as `migrate(fileAt:)` does. Off by default: a
    /// fleet's folder may hold empty files that are no database (`READY`, `upload.lock`), and each is refused
    /// (``MigrationError/Reason/emptyFile(throughSymbolicLink:)``) with nothing written. Even when on, an empty
    /// file reached through a symbolic link is refused: the link may lead out of the fleet's folder.
    public var createsDatabasesInEmptyFiles = false

    /// A fleet migrator running `concurrency` files at once (default: the number of active cores).
    public init(migrator: Migrator, concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.migrator = migrator
        self.concurrency = max(1, concurrency)
    }

    /// Migrates every file of `files`, returning when all have finished.
    ///
    /// - Parameters:
    ///   - files: the files, iterated on the calling thread as workers become free.
    ///   - onResult: called on the calling thread, one result at a time, as each file finishes. It comes
    ///     before `isCancelled` so that a trailing closure (`migrate(files) { result in … }`) is the result
    ///     handler.
    ///   - isCancelled: asked before each file is started; once it answers true no file is started, and the
    ///     files in flight finish (or fail, when the caller also interrupts SQLite).
    /// - Returns: the summary.
    public func migrate<Files: Sequence>(
        _ files: Files, onResult: (FleetFileResult) -> Void = { _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> FleetSummary where Files.Element == FleetFile {
        run(files, isCancelled: isCancelled, onResult: onResult)
    }

    /// Migrates one file on the calling thread.
    ///
    /// - Returns: its result.
    public func migrate(_ file: FleetFile) -> FleetFileResult {
        migrateOne(file)
    }
}
