import Foundation
import Kiln
import KilnBuild

/// `kiln generate [<database>] [--out DIR]`: typed Swift for the named queries of `queries/<database>.sql`.
enum GenerateCommand: KilnCommand {
    /// `<database>`.
    static let database = Argument<String?>(
        name: "database", help: "The database (a folder under migrations/; default: the only one).")
    /// `--out <dir>`.
    static let out = Option<CommandLinePath?>(
        name: "out", valueName: "dir", help: "The folder of the Swift file (default: the project root).")

    static let spec = CommandSpec(
        name: "generate",
        abstract:
            "Writes <Database>Queries.swift: a typed Swift function for each named query of queries/<database>.sql.",
        discussion: """
            Name a query with a comment line before it that holds 'name: CountriesByRegion :many' (or :one,
            :each, :exec). Each named query is prepared on a fresh database at the newest version, and SQLite's
            answers type its result columns and parameters; an alias 'AS "total: Double"', or a comment line
            'param: limit Int64' after the name, types what SQLite cannot. The file is written only when its
            bytes change.
            """,
        arguments: [database.declaration],
        options: [out.declaration],
        group: .buildAndShip)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let name = try DatabaseTarget.database(arguments[Self.database], in: project, command: spec.name)
        let folder = arguments[Self.out]?.path ?? project.root.path
        let report = try QueryGenerator.generate(name, in: project, into: folder)
        let inRoot = report.path.hasPrefix(project.root.path + "/")
        let shown = context.shown(inRoot ? String(report.path.dropFirst(project.root.path.count + 1)) : report.path)
        let queries = "\(report.queries) quer\(report.queries == 1 ? "y" : "ies")"
        context.standardOutput(report.wasWritten ? "wrote \(shown) (\(queries))\n" : "\(shown) is up to date\n")
        if let warning = report.warning { context.report(warning.diagnostic) }
        return KilnTool.success
    }
}
