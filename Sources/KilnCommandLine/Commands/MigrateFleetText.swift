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

    /// One file's line, without its newline.
    func line(for result: FleetFileResult) -> String {
        "\(pattern.shown(result.file)): \(outcome(of: result))"
    }

    /// What happened to a file, after its path.
    func outcome(of result: FleetFileResult) -> String {
        let stays = (result.toVersion ?? result.fromVersion).map { ", stays at version \($0)" } ?? ""
        switch result.outcome {
        case .migrated:
            let count = result.appliedCount
            let what = "\(count) migration\(count == 1 ? "" : "s"), \(Self.milliseconds(result.duration))"
            let from = result.fromVersion.map { " from version \($0)" } ?? ""
            let to = result.toVersion.map { " to \($0)" } ?? ""
            return "\(dryRun ? "would migrate" : "migrated")\(from)\(to) (\(what))"
        case .upToDate: return "up to date" + (result.toVersion.map { " at version \($0)" } ?? "")
        case .failed:
            guard let version = Self.failedMigration(result.error) else { return "failed\(stays)" }
            return "failed at migration \(version), stays at version \(version - 1)"
        case .refused: return "refused: \(message(of: result))"
        case .busy: return "busy after \(busyAttempts) attempt\(busyAttempts == 1 ? "" : "s")"
        case .interrupted: return "interrupted\(stays)"
        case .vanished: return "vanished before its turn"
        }
    }

    /// The error's first message, the file's path in it as the user spelled it.
    func message(of result: FleetFileResult) -> String {
        guard let error = result.error else { return "not a database this migration set may change" }
        return diagnostics(for: error, of: result.file).first?.message ?? "\(error)"
    }

    /// An error of one file as `kiln migrate --db` words it, but with the file's path as the user spelled it
    /// and without the notes that speak of `--db` (a fleet's files are never created, and come from a pattern).
    func diagnostics(for error: any Error, of file: FleetFile) -> [Diagnostic] {
        let shown = pattern.shown(file)
        var hint: String?? = nil
        if let error = error as? MigrationError {
            switch error.reason {
            case .notADatabase: hint = .some("the pattern names a file that is not a database; kiln left it alone")
            case .applicationIDMismatch: hint = .some("this file belongs to another application; kiln left it alone")
            default: break
            }
        }
        return ErrorRendering.diagnostics(for: error).map { diagnostic in
            Diagnostic(
                diagnostic.severity, diagnostic.message.replacingOccurrences(of: file.path, with: shown),
                at: diagnostic.location, hint: hint ?? diagnostic.hint, code: diagnostic.code)
        }
    }

    /// The migration that failed, when the error names one.
    static func failedMigration(_ error: (any Error)?) -> Int32? {
        guard let error = error as? MigrationError else { return nil }
        switch error.reason {
        case .statementFailed(let version, _), .fileFailed(let version, _), .foreignKeyViolation(let version, _):
            return version
        default: return nil
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
