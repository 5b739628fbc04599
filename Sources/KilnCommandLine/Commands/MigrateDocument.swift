import Kiln

extension MigrateCommand {
    /// The `--json` document of `kiln migrate` on one file; its shape is the stable contract. A run that fails
    /// prints the error document instead (`formatVersion`, `diagnostics`, the version the file stays at in the
    /// rollback's note), as every command does.
    struct Document: Encodable {
        var formatVersion = 1
        let database: String
        /// The file as given (or as `KILN_DATABASE` or `kiln.json` named it).
        let file: String
        let dryRun: Bool
        /// The version before the run (after a baseline, the baseline's version).
        let fromVersion: Int32
        let toVersion: Int32
        /// The version a baseline (`--baseline`, `--adopt`) took the file over at, if one did.
        let baselinedAt: Int32?
        let applied: [Applied]
        /// Every diagnostic the command printed, in the shape all `--json` documents share.
        var diagnostics: [DiagnosticRecord] = []
    }

    /// One migration the run applied (or, with `--dry-run`, would apply).
    struct Applied: Encodable {
        let version: Int32
        let file: String
        let milliseconds: Double
        /// True for a comment-only placeholder version (omitted otherwise).
        let placeholder: Bool?
    }

    /// Prints the document of a run that ended well.
    static func printDocument(
        _ report: Migrator.Report, database: String, file: String, dryRun: Bool, context: CommandContext
    ) throws {
        let applied = report.applied.map { entry in
            Applied(
                version: entry.migration.version, file: entry.migration.path,
                milliseconds: Format.milliseconds(seconds: entry.duration),
                placeholder: entry.migration.isPlaceholder ? true : nil)
        }
        let document = Document(
            database: database, file: file, dryRun: dryRun,
            fromVersion: report.baselinedVersion ?? report.startVersion, toVersion: report.endVersion,
            baselinedAt: report.baselinedVersion, applied: applied, diagnostics: context.diagnosticLog.records)
        try context.printJSON(document)
    }
}
