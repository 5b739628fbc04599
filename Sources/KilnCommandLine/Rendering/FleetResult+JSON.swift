import Foundation
import Kiln

/// One file's line under `kiln migrate --each --json` (JSON Lines): an object on a line of its own, printed as
/// the file finishes. Keys without a value are left out.
struct FleetFileLine: Encodable {
    /// The file as the user would type it (`tenants/a.db`).
    let path: String
    /// Its path below the pattern's folder, which `--shard` hashes.
    let relativePath: String
    /// `migrated`, `upToDate`, `failed`, `refused`, `busy`, `interrupted` or `vanished`.
    let outcome: String
    /// Its version before the run, when it could be read.
    let fromVersion: Int32?
    /// Its version after the run, when known.
    let toVersion: Int32?
    /// How many migrations the run committed to it.
    let migrations: Int
    /// How many attempts found its write lock busy (3 for a file reported busy after 3 attempts), as the
    /// text line counts them.
    let busyAttempts: Int
    /// Time spent on it.
    let milliseconds: Double
    /// Why it failed, was refused or stayed busy, in the shape of every document's `diagnostics`.
    let diagnostic: DiagnosticRecord?

    /// The line of `result`.
    init(_ result: FleetFileResult, shownAs path: String, diagnostic: DiagnosticRecord?) {
        self.path = path
        relativePath = result.file.relativePath
        outcome = result.outcome.rawValue
        fromVersion = result.fromVersion
        toVersion = result.toVersion
        migrations = result.appliedCount
        busyAttempts = result.busyRetries
        milliseconds = (Format.milliseconds(seconds: result.duration) * 10).rounded() / 10
        self.diagnostic = diagnostic
    }
}

/// The last line under `kiln migrate --each --json`: how the run ended and its summary, with the keys every
/// kiln document has (`formatVersion`, `command`, `outcome`, `exitStatus`, `diagnostics`).
struct FleetSummaryDocument: Encodable {
    /// The version of this shape; additions keep it, changes bump it.
    var formatVersion = 1
    /// Always `migrate`.
    var command = "migrate"
    /// `succeeded`; `failed` when a file failed or the run stopped early; `interrupted` after a signal.
    let outcome: String
    /// The exit status kiln returns.
    let exitStatus: Int32
    /// The figures.
    let summary: Figures
    /// The diagnostics of the run itself (per-file ones are in the files' lines).
    let diagnostics: [DiagnosticRecord]

    /// The summary's figures.
    struct Figures: Encodable {
        /// The migration set's database.
        let database: String
        /// The pattern as typed.
        let pattern: String
        /// `K/N` when the run took one slice.
        let shard: String?
        /// Whether the files were only read.
        let dryRun: Bool
        /// Files that got a result.
        let files: Int
        /// Seconds from the first file started to the last finished.
        let seconds: Double
        /// Files by outcome, every outcome listed.
        let counts: [String: Int]
        /// Files by the version they started at.
        let startingVersions: [String: Int]
        /// The slowest files, slowest first.
        let slowest: [Slow]
        /// Files never started because the run stopped at the first failure or at a signal.
        let notStarted: Int
        /// Whether the run stopped before every file was started (always after a signal).
        let stoppedEarly: Bool
    }

    /// One of the slowest files.
    struct Slow: Encodable {
        /// The file as the user would type it.
        let path: String
        /// Time spent on it.
        let milliseconds: Double
    }

    /// The document of a run that ended with `summary`, or that `signal` stopped (its summary then counts the
    /// files done so far).
    init(
        _ summary: FleetSummary, text: MigrateFleetText, diagnostics: [DiagnosticRecord],
        interruptedBy signal: Int32? = nil
    ) {
        if let signal {
            outcome = "interrupted"
            exitStatus = InterruptSignal.exitStatus(for: signal)
        } else {
            outcome = summary.succeeded ? "succeeded" : "failed"
            exitStatus = summary.succeeded ? KilnTool.success : KilnTool.failure
        }
        var counts: [String: Int] = [:]
        for outcome in FleetFileResult.Outcome.allCases { counts[outcome.rawValue] = summary.counts[outcome] ?? 0 }
        self.summary = Figures(
            database: text.database, pattern: text.pattern.text, shard: text.shard?.description, dryRun: text.dryRun,
            files: summary.fileCount, seconds: (summary.duration * 1000).rounded() / 1000, counts: counts,
            startingVersions: Dictionary(
                uniqueKeysWithValues: summary.startingVersions.map { ("\($0.key)", $0.value) }),
            slowest: MigrateFleetText.slowest(summary).map {
                Slow(
                    path: text.pattern.shown($0.file),
                    milliseconds: (Format.milliseconds(seconds: $0.duration) * 10).rounded() / 10)
            },
            notStarted: summary.notStarted, stoppedEarly: summary.stoppedEarly || signal != nil)
        self.diagnostics = diagnostics
    }
}
