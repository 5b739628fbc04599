import Foundation
import Kiln
import KilnBuild

/// `kiln build [<database>...] [--out DIR] [--force] [--json]`.
enum BuildCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Builds the database files apps ship: migrations, seeds, checks, a sealed and reproducible file.",
        discussion: """
            Each database is built into a temporary file in the output folder and renamed into place only when
            complete and checked, so the output is always the previous file or the new one. A database whose
            sources and settings are unchanged, and whose output still has its recorded hash, is not rebuilt.
            build/kiln-manifest.json records every output.
            """,
        arguments: [
            .init(name: "database", help: "The databases to build (default: all).", isOptional: true, isRepeating: true)
        ],
        options: [
            .init(name: "out", valueName: "dir", help: "The output folder (default: build/ under the project root)."),
            .init(name: "force", valueName: nil, help: "Rebuild even when the output is up to date."),
            .init(
                name: "xcfilelist", valueName: "dir",
                help:
                    "Also write kiln-inputs.xcfilelist and kiln-outputs.xcfilelist there, for an Xcode Run Script phase."
            ),
            .init(name: "json", valueName: nil, help: "Print one JSON document instead of text."),
        ])

    struct Document: Encodable {
        var formatVersion = 1
        let outputDirectory: String
        let databases: [Entry]
    }

    struct Entry: Encodable {
        let database: String
        let status: String
        let file: String?
        let sha256: String?
        let userVersion: Int32?
        let rows: Int?
        let milliseconds: Double?
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let out = arguments.options["out"].map { context.path($0) } ?? project.root.appendingPathComponent("build").path
        let shownOut = arguments.options["out"] ?? "build"
        let bundler = Bundler(project: project, outputDirectory: out, force: arguments.flag("force"))
        if let listFolder = arguments.options["xcfilelist"] {
            let names = try project.databases(named: arguments.positional["database"] ?? [])
            _ = try XcodeFileLists.write(
                project: project, databases: names, outputDirectory: out, into: context.path(listFolder))
        }
        let outcomes = try bundler.build(arguments.positional["database"] ?? []) {
            context.standardError("kiln: waiting for another build of \(shownOut) to finish\n")
        }
        var entries: [Entry] = []
        var failed = false
        for (database, result) in outcomes {
            switch result {
            case .success(.built(let built, let duration)):
                let rows = built.rowCounts.values.reduce(0, +)
                entries.append(
                    Entry(
                        database: database, status: "built", file: built.file, sha256: built.sha256,
                        userVersion: built.userVersion,
                        rows: rows, milliseconds: duration * 1000))
                if !arguments.flag("json") {
                    context.standardOutput(
                        "\(database): built \(shownOut)/\(built.file) (version \(built.userVersion), \(rows) rows, \(Format.duration(seconds: duration)))\n"
                    )
                }
            case .success(.upToDate(let entry)):
                entries.append(
                    Entry(
                        database: database, status: "upToDate", file: entry.file, sha256: entry.sha256,
                        userVersion: entry.userVersion,
                        rows: entry.tables.values.reduce(0, +), milliseconds: nil))
                if !arguments.flag("json") { context.standardOutput("\(database): up to date\n") }
            case .failure(let error):
                failed = true
                entries.append(
                    Entry(
                        database: database, status: "failed", file: nil, sha256: nil, userVersion: nil, rows: nil,
                        milliseconds: nil))
                let diagnostics =
                    (error as? DiagnosticError)?.diagnostics ?? [Diagnostic(.error, "\(database): \(error)")]
                for diagnostic in diagnostics { context.report(diagnostic) }
            }
        }
        if arguments.flag("json") { try context.printJSON(Document(outputDirectory: shownOut, databases: entries)) }
        return failed ? KilnTool.failure : KilnTool.success
    }
}
