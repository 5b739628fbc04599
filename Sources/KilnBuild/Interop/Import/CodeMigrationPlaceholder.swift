import Kiln

/// What `kiln import` does with migrations written as code (goose's `.go`, Flyway's `.java`), which have no SQL
/// to import.
package enum CodeMigrationPolicy: String, CaseIterable, Sendable {
    /// Refuse the folder with one error listing every code migration (the default).
    case refuse
    /// Import the SQL migrations and write, at each code migration's place in the tool's order, a kiln
    /// migration holding a placeholder (``CodeMigrationPlaceholder``) to port by hand.
    case placeholder
}

/// The kiln migration written in place of a code migration: comments naming the source file and what to do,
/// then one `SELECT kiln_placeholder('port goose code migration 00012_x.go to SQL');` statement. The function
/// exists nowhere, so `kiln migrate` fails at it and `kiln check` reports it, located, until the team writes
/// the migration's SQL and deletes the statement; a database the tool migrated past it ran the code already,
/// so `migrate --adopt` leaves the statement out of the schema it compares with (``KilnProject/adoptionMigrator(_:at:)``).
enum CodeMigrationPlaceholder {
    /// The language a code migration's file is written in, by its extension.
    static func language(of file: String) -> String {
        switch file.split(separator: ".").last.map(String.init) ?? "" {
        case "go": "Go"
        case "java": "Java"
        case "kt": "Kotlin"
        case "scala": "Scala"
        case "groovy": "Groovy"
        case "class": "compiled Java"
        default: "code"
        }
    }

    /// What the placeholder asks for: `port goose code migration 00012_x.go to SQL`.
    static func description(of source: SourceMigration, tool: ForeignTool) -> String {
        "port \(tool.rawValue) code migration \(source.file) to SQL"
    }

    /// The placeholder file's text for `source`, a code migration of `tool`.
    static func text(for source: SourceMigration, tool: ForeignTool) -> String {
        let language = language(of: source.file)
        let comments = SQLText.lineComments([
            "kiln import: a placeholder for \(tool.rawValue)'s code migration \(source.file)",
            "(version \(source.trackedVersion), relative to the folder imported), which is written in \(language), not SQL.",
            "Every database \(tool.rawValue) migrated past version \(source.trackedVersion) ran that code already; a "
                + "new database needs it as SQL.",
            "To do: port the migration's up code to SQL in this file, then delete the \(PlanPlaceholder.functionName) "
                + "statement",
            "below. Until then, kiln migrate and kiln check fail at it.",
        ])
        let call = "\(PlanPlaceholder.functionName)(\(SQLText.literal(description(of: source, tool: tool))))"
        return comments + "SELECT \(call);\n"
    }
}
