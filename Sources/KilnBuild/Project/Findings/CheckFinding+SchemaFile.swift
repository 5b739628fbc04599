import Kiln

extension CheckFinding.Reason {
    /// The message of a schema-file finding.
    var schemaFileMessage: String {
        switch self {
        case .schemaFileMissing(_, let path): "\(path) is missing"
        case .schemaFileUnreadable(_, let path, let error): "cannot read \(path): \(error.systemMessage)"
        case .schemaFileStale(let database, let version, let difference):
            "\(KilnProject.schemaFileRelativePath(for: database)) does not match \(version == 1 ? "migration 1" : "migrations 1–\(version)"): "
                + Self.fromTheFilesSide(difference)
        case .schemaDiagramStale(let database):
            "\(KilnProject.schemaDiagramRelativePath(for: database)) is not the diagram of the migrations' schema"
        case .schemaFileUnknown(let name, _): "schema/\(name) names no database: kiln never reads or checks it"
        default: "\(self)"
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

    /// How to fix a schema-file finding, in the library's words (the command line names `kiln schema` and
    /// `kiln plan`).
    var schemaFileHint: String? {
        switch self {
        case .schemaFileMissing, .schemaDiagramStale:
            "write it from the migrations and commit it"
        case .schemaFileStale:
            "if the migrations are right, write the file again from them; if the file is the schema you want, plan the migration that makes it"
        case .schemaFileUnknown(let name, let known):
            (Suggestion.closest(to: String(name.prefix { $0 != "." }), among: known).map { "did you mean '\($0)'? " }
                ?? "") + "schema files are schema/<database>.sql (and .md); the databases are: "
                + (known.isEmpty ? "none" : known.joined(separator: ", "))
        default: nil
        }
    }
}
