import Kiln

/// Once the project keeps schema files, `schema/<database>.sql` (and the diagram `kiln.json` asks for) exists
/// and describes the migrations' schema; every file of `schema/` is some database's (``SchemaFileCheck``).
struct SchemaFileRule: CheckRule, ProjectCheckRule {
    let identifier = "schema-file"

    func findings(in context: CheckContext) -> [CheckFinding] {
        SchemaFileCheck.findings(for: context.database, migrator: context.migrator, project: context.project) {
            context.rehearsal.newestModel
        }
    }

    func findings(in project: KilnProject) -> [CheckFinding] { SchemaFileCheck.strayFindings(in: project) }

    static let codes = [
        FindingCode("schema-file-missing", "The schema file is missing."),
        FindingCode("schema-file-unreadable", "The schema file cannot be read."),
        FindingCode("schema-file-stale", "The schema file differs from the migrations."),
        FindingCode("schema-diagram-stale", "The schema diagram differs from the migrations."),
        FindingCode("schema-file-misnamed", "A schema file names no database."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        let rewrite = "write it from the migrations and commit it"
        return switch reason {
        case .schemaFileMissing(_, let path):
            FindingWords("\(path) is missing", hint: rewrite, code: "schema-file-missing")
        case .schemaFileUnreadable(_, let path, let error):
            FindingWords("cannot read \(path): \(error.systemMessage)", code: "schema-file-unreadable")
        case .schemaFileStale(let database, let version, let difference):
            FindingWords(
                "\(KilnProject.schemaFileRelativePath(for: database)) does not match \(version == 1 ? "migration 1" : "migrations 1–\(version)"): "
                    + fromTheFilesSide(difference),
                hint:
                    "if the migrations are right, write the file again from them; if the file is the schema you want, plan the migration that makes it",
                code: "schema-file-stale")
        case .schemaDiagramStale(let database):
            FindingWords(
                "\(KilnProject.schemaDiagramRelativePath(for: database)) is not the diagram of the migrations' schema",
                hint: rewrite, code: "schema-diagram-stale")
        case .schemaFileUnknown(let name, let known):
            FindingWords(
                "schema/\(name) names no database: kiln never reads or checks it",
                hint: (Suggestion.closest(to: String(name.prefix { $0 != "." }), among: known).map {
                    "did you mean '\($0)'? "
                } ?? "") + "schema files are schema/<database>.sql (and .md); the databases are: "
                    + (known.isEmpty ? "none" : known.joined(separator: ", ")),
                code: "schema-file-misnamed")
        default: nil
        }
    }

    /// A difference worded from the file's side: what it lacks, has too many, or has otherwise.
    private static func fromTheFilesSide(_ difference: SchemaDifference) -> String {
        if let detail = difference.detail {
            let what: String =
                switch detail.change {
                case .missing: "\(detail.subject) is missing from the file"
                case .extra: "\(detail.subject) is only in the file"
                case .changed:
                    "\(detail.subject): \(detail.aspect.map { "\($0) " } ?? "")\(detail.expected ?? "none") in the migrations, \(detail.found ?? "none") in the file"
                }
            return "\(difference.objectType) \(difference.name): \(what)"
        }
        return switch difference.kind {
        case .missing: "the file lacks the \(difference.objectType) \(difference.name)"
        case .extra:
            "the file has \(difference.objectType == "index" ? "an" : "a") \(difference.objectType) \(difference.name) the migrations do not make"
        case .changed:
            "\(difference.objectType) \(difference.name) is `\(difference.expected ?? "")` in the migrations, `\(difference.found ?? "")` in the file"
        }
    }
}
