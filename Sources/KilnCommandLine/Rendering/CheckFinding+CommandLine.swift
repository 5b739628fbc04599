import Kiln
import KilnBuild

extension CheckFinding {
    /// The finding as `kiln check` prints it: hints about `kiln.sum` name `kiln hash`, and another area's
    /// error is worded as the command line words it.
    var commandLineDiagnostics: [Diagnostic] {
        if case .error(let error, let code) = reason {
            // As the command line words the error, each diagnostic carrying the code of the rule it stopped.
            return ErrorRendering.diagnostics(for: error).map {
                Diagnostic($0.severity, $0.message, at: $0.location, hint: $0.hint, code: $0.code ?? code)
            }
        }
        return [diagnostic(message: reason.commandLineMessage, hint: reason.commandLineHint)]
    }
}

extension CheckFinding.Reason {
    /// The message, naming the `kiln hash` command where the library names kiln.sum.
    fileprivate var commandLineMessage: String? {
        switch self {
        case .migrationEdited(_, let file): "\(file) was edited since 'kiln hash' recorded it"
        case .migrationRenamed(_, let file, let from): "\(file) was renamed from \(from) since 'kiln hash' recorded it"
        case .migrationRemoved(_, let file): "\(file) was removed since 'kiln hash' recorded it"
        default: nil
        }
    }

    /// The hint, naming the `kiln hash` command where the library names kiln.sum.
    fileprivate var commandLineHint: String? {
        switch self {
        case .sumMissing(let database): "record the migrations with 'kiln hash \(database)' and commit the file"
        case .sumLineUnreadable: "regenerate the file with 'kiln hash'"
        case .migrationEdited(let database, _), .migrationRenamed(let database, _, _):
            "if it was never released, accept it with 'kiln hash \(database)'; a released migration must never change: add a new one instead"
        case .migrationAdded(let database, _):
            "record it with 'kiln hash \(database)' and commit kiln.sum with it"
        case .migrationRemoved(let database, _):
            "a released migration must stay; if it was never released, accept the removal with 'kiln hash \(database)'"
        case .sumMismatch(let database):
            "the file was edited by hand or merged badly; regenerate it with 'kiln hash \(database)'"
        case .schemaFileMissing(let database, _), .schemaDiagramStale(let database):
            "write it with 'kiln schema \(database) --write' and commit it"
        case .schemaFileStale(let database, _, _):
            "if the migrations are right, rewrite the file with 'kiln schema \(database) --write'; if the file is the schema you want, write the migration with 'kiln plan \(database)'"
        default: hint
        }
    }
}
