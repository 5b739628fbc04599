import Foundation
import Kiln
import KilnBuild

/// `kiln reset <database> --db FILE`: the developer reset.
enum ResetCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "reset",
        abstract: "Replaces a development database with a fresh build, keeping the old one as FILE.previous.",
        discussion: """
            Builds the database (migrations and seeds) beside FILE, then atomically puts it in FILE's place. The
            replaced file, with its -journal, -wal and -shm files, is kept as FILE.previous. Stop anything that
            has FILE open first.
            """,
        arguments: [.init(name: "database", help: "The database to build (a folder under migrations/).")],
        options: [
            .init(
                name: "db", valueName: "file", help: "The database file to replace (created if missing).",
                isRequired: true)
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments.argument("database")!
        let file = arguments.options["db"]!
        let project = try context.project()
        let report = try DeveloperReset(project: project, database: database).reset(path: context.path(file))
        let kept = report.previousKept ? "; the old file is \(file).previous" : ""
        context.standardOutput(
            "\(database): reset \(file) to a fresh build (version \(report.built.userVersion), \(report.built.rowCounts.values.reduce(0, +)) rows)\(kept)\n"
        )
        return KilnTool.success
    }
}
