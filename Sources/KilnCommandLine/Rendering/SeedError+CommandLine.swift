import Kiln
import KilnBuild

extension SeedError: CommandLineDiagnosable {
    /// The library's diagnostics, with the hints that name `kiln` commands and flags.
    var commandLineDiagnostics: [Diagnostic] {
        problems.map { problem in
            Diagnostic(
                .error, problem.reason.commandLineMessage ?? problem.reason.message, at: problem.location,
                hint: problem.reason.commandLineHint ?? problem.reason.hint)
        }
    }
}

extension SeedError.Reason {
    /// The message as `kiln seed` words it, where it names the `--mode` flag.
    fileprivate var commandLineMessage: String? {
        switch self {
        case .modeNeedsPrimaryKey(let mode, let table):
            "--mode \(mode.rawValue) needs a primary key, and table '\(table)' has none"
        case .headerLacksPrimaryKey(let mode, let missing):
            "--mode \(mode.rawValue) matches rows by primary key, but the header lacks "
                + missing.map { "'\($0)'" }.joined(separator: ", ")
        default: nil
        }
    }

    /// The hint as `kiln seed` words it, where it names a command or a flag.
    fileprivate var commandLineHint: String? {
        switch self {
        case .noDatabaseFile(let file, let database):
            return "create it first with 'kiln migrate \(database) --db \(file)'"
        case .notAtNewestVersion(let file, let database, _, _):
            return "run 'kiln migrate \(database) --db \(file)' first"
        case .modeNeedsPrimaryKey: return "give the table a PRIMARY KEY in a migration, or load it with --mode insert"
        case .rowAlreadyInTable:
            return "use --mode upsert to update existing rows, or --mode sync to make the table equal to the CSV"
        case .emptyPrimaryKey: return "--mode upsert and sync match rows by primary key; give every row one"
        case .databaseFailed(let file, _, let state):
            return Self.stateHint(file, state, rerun: "running the same 'kiln seed' again")
        case .foreignKeyViolation(_, _, _, _, let mode) where mode == .sync:
            return "--mode sync deleted parent rows that other rows still reference; keep them in the parent's CSV"
        default: return nil
        }
    }
}
