import Foundation
import Kiln
import KilnBuild

/// `kiln schema <database> [--db FILE]`: the normalized schema.
enum SchemaCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Prints the normalized schema of a database file, or of a fresh database at the newest version.",
        discussion: "One statement per object, sorted: tables, then indexes, views and triggers, each by name.",
        arguments: [.init(name: "database", help: "The database (a folder under migrations/).")],
        options: [.init(name: "db", valueName: "file", help: "Read the schema of this file instead of a fresh build.")])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments.argument("database")!
        let migrator = try context.project().migrator(for: database)
        let snapshot: SchemaSnapshot
        if let file = arguments.options["db"] {
            snapshot = try DatabaseFile.schema(of: context.path(file), shownAs: file)
        } else {
            snapshot = try migrator.freshSchema(at: migrator.migrations.latestVersion)
        }
        for statement in snapshot.statements { context.standardOutput(statement + ";\n") }
        return KilnTool.success
    }
}

/// Reading an existing database file for inspection, never creating or changing it.
enum DatabaseFile {
    /// Opens an existing file read-only, with errors that name the file.
    static func open(_ path: String, shownAs name: String) throws -> SQLiteConnection {
        guard FileManager.default.fileExists(atPath: path) else {
            throw DiagnosticFailure(
                Diagnostic(
                    .error, "no such file: \(name)", hint: "create it with 'kiln migrate <database> --db \(name)'"))
        }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        do {
            _ = try connection.integer(sql: "SELECT count(*) FROM sqlite_schema")
        } catch let error as SQLiteError where error.code ~= .notADatabase {
            throw DiagnosticFailure(Diagnostic(.error, "\(name) is not a SQLite database"))
        }
        return connection
    }

    /// The schema of an existing file.
    static func schema(of path: String, shownAs name: String) throws -> SchemaSnapshot {
        try SchemaSnapshot.read(from: open(path, shownAs: name))
    }
}

/// A failure fully described by one diagnostic.
struct DiagnosticFailure: DiagnosticError {
    let diagnostics: [Diagnostic]
    init(_ diagnostic: Diagnostic) { diagnostics = [diagnostic] }
}
