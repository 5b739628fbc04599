import Foundation
import Kiln
import KilnBuild

/// `kiln seed <database> --db FILE [--mode insert|upsert|sync] [--only TABLE]... [--json]`.
enum SeedCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "seed",
        abstract: "Loads a database's CSV seeds into a file at the newest migration, all or nothing.",
        discussion: """
            seeds/<database>/<table>.csv loads into <table>; its header names the columns. All tables load in one
            transaction, parents before children, and any error rolls everything back. An empty unquoted field is
            NULL, "" is the empty string. Modes: insert (a conflict is an error), upsert (insert or update by
            primary key), sync (upsert, then delete rows whose key is not in the CSV).
            """,
        arguments: [.init(name: "database", help: "The database whose seeds to load (a folder under seeds/).")],
        options: [
            .init(name: "db", valueName: "file", help: "The database file to load into.", isRequired: true),
            .init(name: "mode", valueName: "mode", help: "insert (default), upsert or sync."),
            .init(
                name: "only", valueName: "table", help: "Load only this table (repeat for more).", isRepeatable: true),
            .init(name: "json", valueName: nil, help: "Print one JSON document instead of text, and no progress."),
        ])

    /// The `--json` document.
    struct Document: Encodable {
        var formatVersion = 1
        let database: String
        let file: String
        let mode: String
        let rows: Int
        let milliseconds: Double
        let tables: [Table]
    }

    struct Table: Encodable {
        let table: String
        let file: String
        let rows: Int
        let inserted: Int
        let updated: Int
        let deleted: Int
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments.argument("database")!
        let file = arguments.options["db"]!
        let modeName = arguments.options["mode"] ?? "insert"
        guard let mode = SeedMode(rawValue: modeName) else {
            throw UsageError(
                message: "'--mode' takes insert, upsert or sync, not '\(modeName)'",
                hint: Suggestion.closest(to: modeName, among: SeedMode.allCases.map(\.rawValue)).map {
                    "did you mean '\($0)'?"
                },
                command: spec.name)
        }
        let json = arguments.flag("json")
        let showProgress = !json && isatty(STDERR_FILENO) != 0
        var progressShown = false
        let started = ContinuousClock.now
        let reports = try context.project().seed(
            database, fileAt: context.path(file), shownAs: file, mode: mode, only: arguments.repeated["only"] ?? [],
            progress: showProgress
                ? { progress in
                    let seconds = max(progress.elapsed, 1e-9)
                    let rate = Double(progress.bytes) / seconds / 1_000_000
                    context.standardError(
                        "\r\u{1B}[Kseeding \(progress.table): \(progress.rows) rows, \(String(format: "%.1f", rate)) MB/s"
                    )
                    progressShown = true
                } : nil)
        if progressShown { context.standardError("\r\u{1B}[K") }
        let elapsed = ContinuousClock.now - started
        let rows = reports.reduce(0) { $0 + $1.rows }
        if json {
            let document = Document(
                database: database, file: file, mode: mode.rawValue, rows: rows,
                milliseconds: Format.milliseconds(elapsed),
                tables: reports.map {
                    Table(
                        table: $0.table, file: $0.file, rows: $0.rows, inserted: $0.inserted, updated: $0.updated,
                        deleted: $0.deleted)
                })
            try context.printJSON(document)
        } else {
            for report in reports {
                var parts = ["\(report.inserted) inserted"]
                if mode != .insert { parts.append("\(report.updated) updated") }
                if mode == .sync { parts.append("\(report.deleted) deleted") }
                context.standardOutput(
                    "\(report.table): \(report.rows) rows from \(report.file) (\(parts.joined(separator: ", ")))\n")
            }
            let tables = "\(reports.count) table\(reports.count == 1 ? "" : "s")"
            context.standardOutput(
                "\(database): seeded \(file) with \(rows) rows in \(tables) (\(Format.duration(elapsed)))\n")
        }
        return KilnTool.success
    }
}
