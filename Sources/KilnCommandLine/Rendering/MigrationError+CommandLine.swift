import Kiln
import KilnBuild

/// The command line's wording of a migration failure: the library's message, with hints that name the
/// `migrate` command's flags (`--to`, `--baseline`, `--db`) where the library's hints speak of the API.
extension MigrationError: CommandLineDiagnosable {
    var commandLineDiagnostics: [Diagnostic] {
        [Diagnostic(.error, message, at: location, hint: commandLineHint)]
    }

    /// What to do about an interrupted write found by a command that only reads `path`.
    static func interruptedWriteHint(_ path: String) -> String {
        "the database is intact: the next 'kiln migrate' or 'kiln seed' on \(path) rolls the interrupted write "
            + "back to the last commit (as does any SQLite connection that may write)"
    }

    /// The hint as `kiln` prints it.
    var commandLineHint: String? {
        if let hint = readBackHint(rerun: "run the same 'kiln migrate' command again") { return hint }
        return switch reason {
        case .invalidTarget(let target, let current, let latest, let baseline):
            baseline == nil
                ? "kiln never migrates a database down; pass a --to between \(current) and \(latest)"
                : "pass a --baseline between 1 and \(target)"
        case .notADatabase:
            isDryRun
                ? "point --db at a database file"
                : "point --db at a database file, or at a path where kiln may create one"
        case .applicationIDMismatch: "this file belongs to another application; point --db at the right file"
        case .notCreatedByKiln:
            madeBy.map { other in
                ForeignTool.importable.contains { $0.rawValue == other.tool }
                    ? "\(other.tool) made it (its tracking table \(other.table) is there): adopt it where it stands with '--adopt', once the history is imported ('kiln import \(database) <folder> --from \(other.tool)')"
                    // GRDB's migrations are Swift code: there is no history to import, only a baseline.
                    : "\(other.tool) made it (its tracking table \(other.table) is there), from code kiln cannot import: if its schema is what migrations 1 to N produce, adopt it with '--baseline N' (kiln ignores \(other.table); '--drop-tracking-table' drops it)"
            } ?? "if its schema is what migrations 1 to N produce, adopt it with '--baseline N'"
        case .cannotRead(let error) where error.isInterruptedWrite: Self.interruptedWriteHint(path)
        case .statementFailed(_, let error) where error.message == "no such function: \(PlanPlaceholder.functionName)":
            "this is a placeholder left to fill (kiln plan writes one for a value it will not guess, kiln import one "
                + "for each code migration): write the SQL its text asks for in place of the "
                + "\(PlanPlaceholder.functionName)(...) call, or of its whole statement for a code migration; 'kiln "
                + "check' lists every placeholder"
        case .statementFailed(_, let error) where ConversionGuard.isFailure(error.message):
            (hint.map { "\($0); " } ?? "")
                + "kiln plan guarded this conversion, which would change that value: change such values in this "
                + "migration before the copy, or replace the guard's CASE with the conversion you want"
        case .statementFailed(_, let error) where MissingExtension(message: error.message) != nil:
            MissingExtension(message: error.message).map { found in
                var missing = found
                missing.arities = missingFunctionArities
                return missing.hint(database: database)
            }
        case .statementFailed(let version, _) where isDryRun, .fileFailed(let version, _) where isDryRun:
            "no file was written: kiln found this running the migrations up to \(version) in memory"
        default: hint
        }
    }
}
