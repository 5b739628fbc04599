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
            complete and checked, so the output is always the previous file or the new one; the manifest is
            written after every rename, so after a build that exits 0 it describes the files. A database whose
            sources and settings are unchanged, and whose output still has its recorded hash, is not rebuilt.
            build/kiln-manifest.json records every output. SQL sees one instant as 'now' in the whole build:
            SOURCE_DATE_EPOCH (seconds since 1970) when the environment sets it, else the time the build started;
            random() and randomblob() are seeded from the sources.
            """,
        arguments: [databases.declaration],
        options: [out.declaration, force.declaration, xcfilelist.declaration, json.declaration],
        group: .buildAndShip)

    /// `[<database> ...]`.
    static let databases = Argument.databases(help: "The databases to build (default: all).")
    /// `--out <dir>`.
    static let out = Option<CommandLinePath?>(
        name: "out", valueName: "dir", help: "The output folder (default: build/ under the project root).")
    /// `--force`.
    static let force = Option<Bool>(flag: "force", help: "Rebuild even when the output is up to date.")
    /// `--xcfilelist <dir>`.
    static let xcfilelist = Option<CommandLinePath?>(
        name: "xcfilelist", valueName: "dir",
        help: "Also write kiln-inputs.xcfilelist and kiln-outputs.xcfilelist there, for an Xcode Run Script phase.")
    /// `--json`.
    static let json = CommonOptions.json

    struct Document: Encodable {
        var formatVersion = 1
        let outputDirectory: String
        let databases: [Entry]
        /// Every diagnostic the command printed, in the shape all `--json` documents share.
        var diagnostics: [DiagnosticRecord] = []
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
        let names = arguments[Self.databases]
        let out = arguments[Self.out]?.path ?? project.root.appendingPathComponent("build").path
        // JSON names the default folder from the root; text from the current folder.
        let jsonOut = arguments[Self.out]?.text ?? "build"
        let shownOut = arguments[Self.out]?.text ?? context.shown("build")
        var bundler = Bundler(project: project, outputDirectory: out, force: arguments[Self.force])
        bundler.clock = try BuildClock.sourceDateEpoch(in: context.environment)
        if let line = context.progress {
            let board = BuildProgressBoard(verb: "build")
            bundler.progress = { progress in
                board.report(progress, on: line)
            }
        }
        if let listFolder = arguments[Self.xcfilelist] {
            _ = try XcodeFileLists.write(
                project: project, databases: try project.databases(named: names), outputDirectory: out,
                into: listFolder.path)
        }
        let outcomes = try bundler.build(
            names, waiting: { context.inform("kiln: waiting for another build of \(shownOut) to finish") },
            warning: { context.report($0.diagnostic) })
        let json = context.output.isJSON
        var entries: [Entry] = []
        for (database, result) in outcomes {
            let entry = Self.entry(database, result, shownOut: shownOut, context: json ? nil : context)
            if case .failure(let error) = result {
                let renders = error is any DiagnosticError || error is any CommandLineDiagnosable
                context.report(renders ? error : DiagnosticFailure(Diagnostic(.error, "\(database): \(error)")))
            }
            entries.append(entry)
        }
        let failed = entries.contains { $0.status == "failed" }
        // A database that failed after a signal failed because of it: the run ends with the interrupt document.
        if failed { try context.stopIfInterrupted() }
        if json {
            let diagnostics = context.diagnosticLog.records
            try context.printJSON(Document(outputDirectory: jsonOut, databases: entries, diagnostics: diagnostics))
        }
        return failed ? KilnTool.failure : KilnTool.success
    }

    /// A database's JSON entry; with a context, also its line of text on standard output.
    private static func entry(
        _ database: String, _ result: Result<Bundler.Outcome, any Error>, shownOut: String, context: CommandContext?
    ) -> Entry {
        switch result {
        case .success(.built(let built, let duration)):
            let rows = built.rowCounts.values.reduce(0, +)
            context?.standardOutput(
                "\(database): built \(shownOut)/\(built.file) (version \(built.userVersion), \(rows) rows, \(Format.duration(seconds: duration)))\n"
            )
            return Entry(
                database: database, status: "built", file: built.file, sha256: built.sha256,
                userVersion: built.userVersion, rows: rows, milliseconds: Format.milliseconds(seconds: duration))
        case .success(.upToDate(let entry)):
            context?.standardOutput("\(database): up to date\n")
            return Entry(
                database: database, status: "upToDate", file: entry.file, sha256: entry.sha256,
                userVersion: entry.userVersion, rows: entry.tables.values.reduce(0, +), milliseconds: nil)
        case .failure:
            return Entry(
                database: database, status: "failed", file: nil, sha256: nil, userVersion: nil, rows: nil,
                milliseconds: nil)
        }
    }
}
