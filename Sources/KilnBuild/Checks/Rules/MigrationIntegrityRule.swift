import Kiln

/// `migrations/<database>/kiln.sum` matches the migrations: none edited, renamed, added or removed since it
/// was recorded (``MigrationIntegrityCheck``).
struct MigrationIntegrityRule: CheckRule {
    let identifier = "migration-integrity"

    func findings(in context: CheckContext) -> [CheckFinding] {
        MigrationIntegrityCheck.check(context.migrations, project: context.project)
    }

    static let codes = [
        FindingCode("sum-missing", "A database's migrations have no kiln.sum."),
        FindingCode("sum-unreadable", "kiln.sum cannot be read."),
        FindingCode("sum-mismatch", "kiln.sum's total does not match its lines."),
        FindingCode("migration-edited", "A migration recorded in kiln.sum was edited."),
        FindingCode("migration-renamed", "A migration recorded in kiln.sum was renamed."),
        FindingCode("migration-added", "A migration is not recorded in kiln.sum."),
        FindingCode("migration-removed", "A migration recorded in kiln.sum was removed."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        let edited =
            "if it was never released, accept it by recording kiln.sum again; a released migration must never change: add a new one instead"
        return switch reason {
        case .sumMissing(let database):
            FindingWords(
                "migrations/\(database)/kiln.sum is missing",
                hint: "record the migrations' hashes in kiln.sum and commit the file", code: "sum-missing")
        case .sumUnreadable(let database, let error):
            FindingWords(
                "cannot read migrations/\(database)/kiln.sum: \(error.systemMessage)", code: "sum-unreadable")
        case .sumLineUnreadable:
            FindingWords(
                "cannot read this line of kiln.sum", hint: "regenerate kiln.sum from the migrations",
                code: "sum-unreadable")
        case .migrationEdited(_, let file):
            FindingWords("\(file) was edited since kiln.sum recorded it", hint: edited, code: "migration-edited")
        case .migrationRenamed(_, let file, let from):
            FindingWords(
                "\(file) was renamed from \(from) since kiln.sum recorded it", hint: edited, code: "migration-renamed")
        case .migrationAdded(_, let file):
            FindingWords(
                "\(file) is not recorded in kiln.sum", hint: "record it in kiln.sum and commit kiln.sum with it",
                code: "migration-added")
        case .migrationRemoved(_, let file):
            FindingWords(
                "\(file) was removed since kiln.sum recorded it",
                hint:
                    "a released migration must stay; if it was never released, accept the removal by recording kiln.sum again",
                code: "migration-removed")
        case .sumMismatch:
            FindingWords(
                "the total line of kiln.sum does not match its migration lines",
                hint: "the file was edited by hand or merged badly; regenerate it from the migrations",
                code: "sum-mismatch")
        default: nil
        }
    }
}
