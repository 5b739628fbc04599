import Foundation
import Kiln

/// The words of a fleet run: a file's line (`tenants/a.db: migrated from version 3 to 6 (3 migrations,
/// 14 ms)`), the summary, the progress line. Pure functions of their inputs, so tests build results by hand.
struct MigrateFleetText {
    /// The migration set's database (`app`), which the summary starts with.
    let database: String
    /// The pattern, which shows each file's path as the user spelled its folder.
    let pattern: FleetPatternPath
    /// The slice of the fleet this run takes, if any.
    let shard: FleetShard?
    /// Whether the run only reads the files.
    let dryRun: Bool
    /// How many attempts a busy file got.
    let busyAttempts: Int
    /// How long each attempt waited for another connection's lock.
    var busyTimeoutMilliseconds: Int32 = 2000

    /// One file's line, without its newline.
    func line(for result: FleetFileResult) -> String {
        "\(pattern.shown(result.file)): \(outcome(of: result))"
    }

    /// What happened to a file, after its path.
    func outcome(of result: FleetFileResult) -> String {
        switch result.outcome {
        case .migrated:
            let count = result.appliedCount
            let what = "\(count) migration\(count == 1 ? "" : "s"), \(Self.milliseconds(result.duration))"
            let from = result.fromVersion.map { " from version \($0)" } ?? ""
            let to = result.toVersion.map { " to \($0)" } ?? ""
            return "\(dryRun ? "would migrate" : "migrated")\(from)\(to) (\(what))"
        case .upToDate: return "up to date" + (result.toVersion.map { " at version \($0)" } ?? "")
        case .failed: return failure(of: result)
        case .refused: return "refused: \(message(of: result))"
        case .busy: return "busy after \(busyAttempts) attempt\(busyAttempts == 1 ? "" : "s")"
        case .interrupted:
            return "interrupted" + ((result.toVersion ?? result.fromVersion).map { ", stays at version \($0)" } ?? "")
        case .vanished: return "vanished before its turn"
        }
    }

    /// A failed file's words: the migration that failed (named by the error, else the one after the last
    /// that committed), why, and where the file is left: `failed at migration 4: CHECK constraint failed:
    /// json_valid(meta) (stays at version 3)`, or `(migrated from version 1 to 3 first)`; a migration whose
    /// error came after its commit (the file, read back, is at its version) is said as done, then failed.
    func failure(of result: FleetFileResult) -> String {
        // A commit SQLite reported as failed may have reached the file: the version read back says so.
        let moved = result.toVersion.flatMap { to in result.fromVersion.map { to > $0 } } ?? false
        let committed = (result.appliedCount > 0 || moved) && !dryRun
        let migration =
            Self.failedMigration(result.error) ?? (result.appliedCount > 0 ? result.toVersion.map { $0 + 1 } : nil)
        if result.failedAfterCommit, let from = result.fromVersion, let to = result.toVersion {
            // The error came after the migration's commit (read back from the file): said as done, then failed.
            return "migrated from version \(from) to \(to), then failed: \(message(of: result)) (after its commit, "
                + "which may not survive a power loss)"
        }
        var text = "failed" + (migration.map { " at migration \($0)" } ?? "")
        if result.error != nil { text += ": " + message(of: result) }
        if committed, let from = result.fromVersion, let to = result.toVersion {
            return text + " (migrated from version \(from) to \(to) first)"
        }
        let stays = dryRun ? result.fromVersion : result.toVersion ?? result.fromVersion ?? migration.map { $0 - 1 }
        return text + (stays.map { " (stays at version \($0))" } ?? "")
    }

    /// The error's first message, the file's path in it as the user spelled it, without the path in front
    /// (the line starts with it).
    func message(of result: FleetFileResult) -> String {
        guard let error = result.error else { return "not a database this migration set may change" }
        let shown = pattern.shown(result.file)
        let message = worded(error, of: result.file).first?.message ?? "\(error)"
        return message.hasPrefix(shown + ": ") ? String(message.dropFirst(shown.count + 2)) : message
    }

    /// The migration that failed, when the error names one.
    static func failedMigration(_ error: (any Error)?) -> Int32? {
        guard let error = error as? MigrationError else { return nil }
        switch error.reason {
        case .statementFailed(let version, _), .fileFailed(let version, _), .foreignKeyViolation(let version, _):
            return version
        default: return error.run?.migrationInProgress
        }
    }

    /// `migrating 1,234 of 10,000 · 3 failed`.
    static func progress(finished: Int, of total: Int, failures: Int) -> String {
        let failed = failures == 0 ? "" : " · \(grouped(failures)) failed"
        return "migrating \(grouped(finished)) of \(grouped(total))\(failed)"
    }

    /// Whole milliseconds: `14 ms`.
    static func milliseconds(_ seconds: TimeInterval) -> String {
        "\(grouped(Int((seconds * 1000).rounded()))) ms"
    }

    /// A count with a comma every three digits: `10,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }

    /// `10,000 files`, `1 file`.
    static func files(_ count: Int) -> String {
        "\(grouped(count)) file\(count == 1 ? "" : "s")"
    }
}
