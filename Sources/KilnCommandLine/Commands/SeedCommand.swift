import Foundation
import Kiln
import KilnBuild

/// `kiln seed [<database>] [--db FILE] [--mode insert|upsert|sync] [--only TABLE]... [--json]`.
enum SeedCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "seed",
        abstract: "Loads a database's CSV seeds into a file at the newest migration, all or nothing.",
        discussion: """
            seeds/<database>/<table>.csv loads into <table>; its header names the columns. All tables load in one
            transaction, parents before children, and any error rolls everything back. An empty unquoted field is
            NULL, "" is the empty string. Modes: insert (a conflict is an error; a table that already holds every
            row of its file exactly is left as it is, so loading the same seeds again is safe), upsert (insert or
            update by primary key), sync (upsert, then delete rows whose key is not in the CSV). With no <database>,
            the project's only one; with no --db, the file KILN_DATABASE names, else the development file in kiln.json.
            """,
        arguments: [database.declaration],
        options: [db.declaration, mode.declaration, only.declaration, json.declaration],
        group: .buildAndShip)

    /// `<database>`.
    static let database = Argument<String?>(
        name: "database", help: "The database whose seeds to load (a folder under seeds/; default: the only one).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file",
        help: "The database file to load into (default: KILN_DATABASE, else the database's development file).")
    /// `--mode <mode>`.
    static let mode = Option<SeedMode>(
        name: "mode", valueName: "mode", help: "insert (default), upsert or sync.", default: .insert)
    /// `--only <table> ...`.
    static let only = Option<[String]>(
        name: "only", valueName: "table", help: "Load only this table (repeat for more).")
    /// `--json`.
    static let json = CommonOptions.json

    /// The `--json` document.
    struct Document: Encodable {
        var formatVersion = 1
        let database: String
        let file: String
        let mode: String
        let rows: Int
        let milliseconds: Double
        let tables: [Table]
        /// Every diagnostic the command printed, in the shape all `--json` documents share.
        var diagnostics: [DiagnosticRecord] = []
    }

    struct Table: Encodable {
        let table: String
        let file: String
        let rows: Int
        let inserted: Int
        let updated: Int
        let deleted: Int
        /// Whether the table already held every row of its file and was left as it was (insert mode).
        let alreadyHeld: Bool
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let target = try DatabaseTarget.resolve(
            database: arguments[Self.database], db: arguments[Self.db], project: project, context: context,
            command: spec.name)
        let (database, file) = (target.database, target.file)
        let mode = arguments[Self.mode]
        let json = context.output.isJSON
        let progress = context.progress
        let clock = try BuildClock.sourceDateEpoch(in: context.environment)?.sqliteClock ?? .system
        let stopwatch = Stopwatch()
        let reports = try project.seed(
            database, fileAt: file.path, shownAs: file.text, mode: mode, only: arguments[Self.only],
            progress: progress.map { line in { line.show($0.progressText) } }, clock: clock)
        let elapsed = stopwatch.elapsed
        let rows = reports.reduce(0) { $0 + $1.rows }
        if json {
            let document = Document(
                database: database, file: file.text, mode: mode.rawValue, rows: rows,
                milliseconds: Format.milliseconds(seconds: elapsed),
                tables: reports.map {
                    Table(
                        table: $0.table, file: $0.file, rows: $0.rows, inserted: $0.inserted, updated: $0.updated,
                        deleted: $0.deleted, alreadyHeld: $0.alreadyHeld)
                }, diagnostics: context.diagnosticLog.records)
            try context.printJSON(document)
        } else {
            for report in reports {
                var parts = ["\(report.inserted) inserted"]
                if mode != .insert { parts.append("\(report.updated) updated") }
                if mode == .sync { parts.append("\(report.deleted) deleted") }
                if report.alreadyHeld { parts.append("all already in the table, left as they are") }
                context.standardOutput(
                    "\(report.table): \(report.rows) rows from \(context.shown(report.file)) (\(parts.joined(separator: ", ")))\n"
                )
            }
            let tables = "\(reports.count) table\(reports.count == 1 ? "" : "s")"
            let held = !reports.isEmpty && reports.allSatisfy(\.alreadyHeld)
            context.standardOutput(
                held
                    ? "\(database): \(file.text) already holds the \(rows) rows of \(tables); nothing was written\n"
                    : "\(database): seeded \(file.text) with \(rows) rows in \(tables) (\(Format.duration(seconds: elapsed)))\n"
            )
        }
        return KilnTool.success
    }
}
