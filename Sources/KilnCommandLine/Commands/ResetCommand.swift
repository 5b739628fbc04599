import Foundation
import Kiln
import KilnBuild

/// `kiln reset [<database>] [--db FILE]`: the developer reset (the file defaults as ``DatabaseTarget`` says).
enum ResetCommand: KilnCommand {
    /// `<database>`.
    static let database = Argument<String?>(
        name: "database", help: "The database to build (a folder under migrations/; default: the only one).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file",
        help: "The file to replace, created if missing (default: KILN_DATABASE, else the development file).")
    /// `--force`.
    static let force = Option<Bool>(
        flag: "force", help: "Replace the file even when another process has it open (it keeps the old one).")

    static let spec = CommandSpec(
        name: "reset",
        abstract: "Replaces a development database with a fresh build, keeping the old one as FILE.previous.",
        discussion: """
            Builds the database (migrations and seeds) beside FILE, then atomically puts it in FILE's place. The
            replaced file is first checkpointed by SQLite (its -wal emptied into it, a hot -journal rolled back)
            and kept, complete, as FILE.previous. A file another process has open is refused unless --force.
            With no <database>, the project's only one; with no --db, the file KILN_DATABASE names, else the
            database's development file in kiln.json (its folder is made if missing).
            """,
        arguments: [database.declaration],
        options: [db.declaration, force.declaration],
        group: .install)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let target = try DatabaseTarget.resolve(
            database: arguments[Self.database], db: arguments[Self.db], project: project, context: context,
            command: spec.name)
        let (database, db) = (target.database, target.file)
        let file = db.text
        try target.prepareFolder()
        // A folder, FIFO or device at FILE is refused before anything is built or moved.
        try FileSystem.requireRegularFileIfPresent(db.path)
        var reset = DeveloperReset(project: project, database: database, force: arguments[Self.force])
        reset.clock = try BuildClock.sourceDateEpoch(in: context.environment)
        if let line = context.progress {
            let board = BuildProgressBoard(verb: "reset")
            reset.progress = { progress in
                board.report(progress, on: line)
            }
        }
        let report = try reset.reset(path: db.path) {
            context.inform("kiln: waiting for another reset or install of \(file) to finish")
        }
        let kept = report.previousKept ? "; the old file is \(file).previous" : ""
        context.standardOutput(
            "\(database): reset \(file) to a fresh build (version \(report.built.userVersion), \(report.built.rowCounts.values.reduce(0, +)) rows)\(kept)\n"
        )
        if let warning = report.warning { context.report(warning.diagnostic) }
        return KilnTool.success
    }
}
