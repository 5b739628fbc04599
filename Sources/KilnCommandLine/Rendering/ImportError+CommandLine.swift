import Kiln
import KilnBuild

/// The command line's wording of a refused import: the hints name `--from` and the folder to clear.
extension ImportError: CommandLineDiagnosable {
    /// The error with the command line's hint; the notes that follow it (one per code migration) as they are.
    var commandLineDiagnostics: [Diagnostic] {
        diagnostics.map {
            $0.severity == .note ? $0 : Diagnostic($0.severity, $0.message, at: $0.location, hint: hint, code: $0.code)
        }
    }

    /// What to do about it, naming kiln's flags.
    private var hint: String? {
        let tools = ForeignTool.importable.map(\.rawValue).joined(separator: "|")
        switch reason {
        case .ambiguousLayout(_, let candidates):
            return "name the tool with --from \(candidates.map(\.rawValue).joined(separator: "|"))"
        case .unknownLayout: return "name the tool with --from \(tools) if the folder is one of theirs"
        case .noMigrations: return "check --from and that the folder is the tool's migrations folder"
        case .unrecognizedFile: return "rename it as the tool names migrations, or move it out of the folder"
        case .placeholder: return "write the value the tool would substitute into the source file, then import again"
        case .targetNotEmpty: return "import under another database name, or empty the folder first"
        case .targetNotAFolder: return "import under another database name, or move that file away first"
        case .codeMigrations:
            return
                "pass '--\(ImportCommand.codeMigrations.name) \(CodeMigrationPolicy.placeholder.rawValue)' to import "
                + "the SQL ones with, at each code migration's place, a file to port to SQL by hand (kiln migrate and "
                + "kiln check refuse it until its SQL is written)"
        default: return reason.hint
        }
    }
}
