import Foundation
import Kiln
import KilnBuild

/// `kiln schema <database> [--db FILE | --version N] [--format sql|mermaid|dot|json] [--write]`: the normalized
/// schema, a diagram of it, or the committed schema file.
enum SchemaCommand: KilnCommand {
    /// What `--format` prints.
    enum Format: String, CommandLineChoice {
        /// The normalized statements, one per object.
        case sql
        /// A Mermaid `erDiagram`.
        case mermaid
        /// A Graphviz digraph.
        case dot
        /// The semantic model as a JSON document.
        case json
    }

    /// `<database>`.
    static let database = Argument<String>(name: "database", help: "The database (a folder under migrations/).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file", help: "Read the schema of this file instead of a fresh build.")
    /// `--version <n>`.
    static let version = Option<Int32?>(
        name: "version", valueName: "n", help: "The schema of a fresh database at this version (default: the newest).")
    /// `--format <format>`.
    static let format = Option<Format?>(
        name: "format", valueName: "format", help: "sql (default), mermaid, dot (Graphviz) or json.")
    /// `--write`.
    static let write = Option<Bool>(
        flag: "write",
        help: "Write schema/<database>.sql (and schema/<database>.md with schemaDiagram in kiln.json) instead.")

    static let spec = CommandSpec(
        name: "schema",
        abstract:
            "Prints the schema of a database (a fresh build, a past version or a file), or writes its schema file.",
        discussion: """
            --format sql prints one normalized statement per object, sorted: tables, then indexes, views and
            triggers, each by name. mermaid and dot print an entity-relationship diagram (tables, columns, foreign
            keys); json prints the semantic model with formatVersion. --write writes schema/<database>.sql from the
            newest version, in dependency order, for review and for 'kiln plan'; kiln check verifies it.
            """,
        arguments: [database.declaration],
        options: [db.declaration, version.declaration, format.declaration, write.declaration],
        group: .inspect)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let name = arguments[Self.database]
        if arguments[Self.write] { return try writeFile(name, arguments: arguments, context: context) }
        var project = try context.project()
        // Showing a schema applies nothing: kiln's untouched template, a version that changes nothing yet, is no
        // reason to refuse.
        project.refusesUntouchedTemplates = false
        let migrator = try project.migrator(for: name)
        let (connection, version) = try schema(arguments, migrator: migrator)
        let snapshot = try SchemaSnapshot.read(from: connection)
        switch arguments[Self.format] ?? .sql {
        case .sql: for statement in snapshot.statements { context.standardOutput(statement + ";\n") }
        case .mermaid: context.standardOutput(SchemaDiagram.mermaid(snapshot.model))
        case .dot: context.standardOutput(SchemaDiagram.dot(snapshot.model, name: name))
        case .json:
            let definitions = try SchemaDocument.Definitions(reading: connection)
            context.printDocument(
                SchemaDocument.json(snapshot.model, database: name, version: version, definitions: definitions))
        }
        return KilnTool.success
    }

    /// The database `--db` names, or a fresh one at `--version` or the newest version, and its version.
    private static func schema(_ arguments: ParsedArguments, migrator: Migrator) throws -> (SQLiteConnection, Int32) {
        let latest = migrator.migrations.latestVersion
        if let file = arguments[Self.db] {
            guard arguments[Self.version] == nil else {
                throw UsageError(
                    message: "'--version' builds a fresh database; it does not go with '--db'", hint: nil,
                    command: spec.name)
            }
            let connection = try DatabaseFile.open(file.path, shownAs: file.text, database: arguments[Self.database])
            return (connection, try Migrator.version(of: connection))
        }
        let wanted = arguments[Self.version] ?? latest
        guard wanted >= 1, wanted <= latest else {
            let range = latest == 1 ? "its only version is 1" : "its versions are 1 to \(latest)"
            throw UsageError(
                message: "'--version' \(wanted) is not a version of '\(arguments[Self.database])'",
                hint: latest == 0 ? "it has no migrations yet" : range, command: spec.name)
        }
        // As Migrator.freshSchema(at:) builds it, keeping the connection for the stored statements.
        return (try migrator.freshDatabase(at: wanted), wanted)
    }

    /// `--write`: writes the schema file (and the diagram the project asks for) and says what it did.
    private static func writeFile(_ name: String, arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let others = [
            arguments[Self.db] != nil ? "--db" : nil, arguments[Self.version] != nil ? "--version" : nil,
            arguments[Self.format] != nil ? "--format" : nil,
        ].compactMap { $0 }
        if let other = others.first {
            throw UsageError(
                message: "'--write' writes the newest version's schema file; it does not go with '\(other)'",
                hint: nil, command: spec.name)
        }
        try writeSchemaFiles(name, project: try context.project(), context: context)
        return KilnTool.success
    }

    /// Writes `schema/<database>.sql` (and the diagram kiln.json asks for) for the newest migrations, printing
    /// each file as written or up to date, with `indent` before it.
    static func writeSchemaFiles(_ name: String, project: KilnProject, context: CommandContext, indent: String = "")
        throws
    {
        var project = project
        project.refusesUntouchedTemplates = false
        let migrator = try project.migrator(for: name)
        let contents = try SchemaFile.contents(
            for: name, migrator: migrator, header: header(name, version: migrator.migrations.latestVersion),
            diagram: project.configuration.keepsSchemaDiagram(for: name))
        let report = try SchemaFile.write(contents, database: name, in: project)
        for file in report.files {
            let shown = context.shown(file.path)
            context.standardOutput(indent + (file.wasWritten ? "wrote \(shown)\n" : "\(shown) is up to date\n"))
        }
        for warning in report.warnings { context.report(warning.diagnostic) }
    }

    /// The comment lines at the top of `schema/<database>.sql`.
    static func header(_ database: String, version: Int32) -> [String] {
        let source = version == 0 ? "no migrations yet" : version == 1 ? "migration 1" : "migrations 1–\(version)"
        return [
            "The schema of \(database) at version \(version), generated by kiln from \(source) of \(database).",
            "Edit it to the schema you want, then run `kiln plan \(database)` to plan the next migration.",
            "`kiln check` verifies that it matches the migrations; `kiln schema \(database) --write` rewrites it.",
        ]
    }
}
