import Foundation
import Kiln
import KilnBuild

/// `kiln schema <database> [--db FILE]`: the normalized schema.
enum SchemaCommand: KilnCommand {
    /// `<database>`.
    static let database = Argument<String>(name: "database", help: "The database (a folder under migrations/).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file", help: "Read the schema of this file instead of a fresh build.")

    static let spec = CommandSpec(
        name: "schema",
        abstract: "Prints the normalized schema of a database file, or of a fresh database at the newest version.",
        discussion: "One statement per object, sorted: tables, then indexes, views and triggers, each by name.",
        arguments: [database.declaration],
        options: [db.declaration])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let migrator = try context.project().migrator(for: arguments[Self.database])
        let snapshot: SchemaSnapshot
        if let file = arguments[Self.db] {
            snapshot = try DatabaseFile.schema(of: file.path, shownAs: file.text)
        } else {
            snapshot = try migrator.freshSchema(at: migrator.migrations.latestVersion)
        }
        for statement in snapshot.statements { context.standardOutput(statement + ";\n") }
        return KilnTool.success
    }
}
