import Foundation

/// What happened to one file of a fleet.
public struct FleetFileResult: Sendable {
    /// How a file ended.
    public enum Outcome: String, Sendable, CaseIterable, Codable {
        /// At least one migration committed; the file is at ``FleetFileResult/toVersion``.
        case migrated
        /// Nothing was pending; when the header said so, nothing but the header was read.
        case upToDate
        /// A migration failed and was rolled back; the file stays at the last version that committed.
        case failed
        /// The file is not a database this migration set may change (not SQLite, an empty file, another
        /// application's, a newer version, version 0 with tables, already past the target, not a regular file,
        /// a link to nothing, unreadable, or not writable): nothing was written.
        case refused
        /// Another connection held the write lock through every attempt.
        case busy
        /// The run was cancelled (Ctrl-C) while this file was migrating; its migration rolled back.
        case interrupted
        /// The file was listed but was gone when its turn came (a tenant deleted meanwhile); nothing was
        /// created in its place.
        case vanished

        /// Whether this outcome makes the run fail.
        public var isFailure: Bool {
            switch self {
            case .failed, .refused, .busy, .interrupted: true
            case .migrated, .upToDate, .vanished: false
            }
        }
    }

    /// The file.
    public let file: FleetFile
    /// How it ended.
    public let outcome: Outcome
    /// Its version before this run, when it could be read.
    public let fromVersion: Int32?
    /// Its version after this run, when known.
    public let toVersion: Int32?
    /// How many migrations this run committed to it.
    public let appliedCount: Int
    /// How many times the write lock was found busy before the file was migrated (or given up on).
    public let busyRetries: Int
    /// Seconds spent on it, retries included.
    public let duration: TimeInterval
    /// Why it failed, was refused or was busy: a ``MigrationError``, a ``FileSystemError`` or what
    /// ``Migrator/prepareConnection`` threw.
    public let error: (any Error)?
    /// Whether the failure came after its migration committed: an I/O error past SQLite's commit point (the
    /// folder's fsync after the journal's removal). The file, read back, is at ``toVersion``, but that commit
    /// may not survive a power loss.
    public let failedAfterCommit: Bool

    /// The SQLite result code behind ``error``, when there is one.
    public var sqliteCode: SQLiteResultCode? { error.flatMap(FleetMigrator.sqliteCode(of:)) }

    /// Whether the file was refused because it cannot be written (a read-only file, folder or file system:
    /// `SQLITE_READONLY`, or `SQLITE_CANTOPEN` creating its journal), the rule the migrator refuses it by.
    public var isUnwritable: Bool {
        outcome == .refused && error.flatMap(FleetMigrator.sqliteError(of:)).map(FleetMigrator.isUnwritable) == true
    }

    /// A result from its facts.
    package init(
        file: FleetFile, outcome: Outcome, fromVersion: Int32?, toVersion: Int32?, appliedCount: Int,
        busyRetries: Int = 0, duration: TimeInterval, error: (any Error)? = nil, failedAfterCommit: Bool = false
    ) {
        self.file = file
        self.outcome = outcome
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.appliedCount = appliedCount
        self.busyRetries = busyRetries
        self.duration = duration
        self.error = error
        self.failedAfterCommit = failedAfterCommit
    }
}
