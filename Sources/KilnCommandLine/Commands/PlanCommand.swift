import Foundation
import Kiln
import KilnBuild

/// `kiln plan <database>`: writes the next migration from the edited schema file, proven first.
enum PlanCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Writes the next migration of a database from its edited schema/<database>.sql, proven first.",
        discussion: """
            kiln compares schema/<database>.sql with the schema the migrations produce and plans the steps: CREATE and
            DROP, ADD COLUMN where SQLite allows it, renames named with --rename, and SQLite's 12-step rebuild for
            anything else. It runs the plan on a copy of the newest database holding generated rows and fixtures,
            and writes it only if the result has the schema file's schema with every kept value unchanged. Steps
            that can lose data are refused unless --allow-data-loss; values kiln will not guess are written as
            kiln_placeholder(...) calls to fill in, which fail migrate and check until you do. A migration that
            breaks an app query of queries/<database>.sql (one that prepares before it and not after) is refused
            unless --allow-query-breaks.
            """,
        arguments: [database.declaration],
        options: [
            name.declaration, rename.declaration, allowDataLoss.declaration, allowQueryBreaks.declaration,
            dryRun.declaration,
        ],
        group: .writeMigrations)

    /// `<database>`.
    static let database = Argument<String>(name: "database", help: "The database (a folder under migrations/).")
    /// `--name <slug>`.
    static let name = Option<String?>(
        name: "name", valueName: "slug", help: "The file name's words (default: from the steps).")
    /// `--rename <old=new>`, repeated.
    static let rename = Option<[SchemaRename]>(
        name: "rename", valueName: "old=new",
        help: "A table (old=new) or column (table.old=new) renamed rather than dropped and added; repeatable.")
    /// `--allow-data-loss`.
    static let allowDataLoss = Option<Bool>(
        flag: "allow-data-loss", help: "Write steps that drop or narrow data, each marked and explained.")
    /// `--allow-query-breaks`.
    static let allowQueryBreaks = Option<Bool>(
        flag: "allow-query-breaks", help: "Write a migration that breaks app queries, each warned of.")
    /// `--dry-run`.
    static let dryRun = Option<Bool>(flag: "dry-run", help: "Print the migration instead of writing it.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments[Self.database]
        let project = try context.project()
        // The temporary files of a plan that was killed, whatever this one writes (perhaps nothing).
        for folder in ["migrations/\(database)", "schema"] {
            FileSystem.atomicWriteTemporaries.sweep(project.root.appendingPathComponent(folder).path)
        }
        let words = arguments[Self.name].map { [$0] }
        guard let planned = try project.planMigration(for: database, options: options(arguments), words: words) else {
            context.standardOutput(
                "\(context.shown(SchemaFile.relativePath(for: database))) matches the migrations: nothing to plan\n")
            warnAboutSum(of: database, project: project, context: context)
            return KilnTool.success
        }
        let shownFolder = context.shown("migrations/\(database)")
        if arguments[Self.dryRun] {
            printDryRun(planned, database: database, context: context)
            return KilnTool.success
        }
        let folder = project.migrationsDirectory.appendingPathComponent(database).path
        try MigrationFilePublisher.publish(
            planned.text, name: planned.fileName, folder: folder, shownFolder: shownFolder, context: context)
        for line in summary(planned, database: database, shown: context.shown) {
            context.standardOutput("  \(OneLineText.escaped(line))\n")
        }
        context.report(BrokenQuery.warnings(planned.brokenQueries))
        let written = "\(shownFolder)/\(planned.fileName)"
        do {
            try recordSum(planned, project: project, database: database, context: context)
        } catch {
            return afterPublishing(
                written, failed: "record it in \(shownFolder)/kiln.sum", error, context: context,
                fix: "run 'kiln hash \(database)' and 'kiln schema \(database) --write' once that is fixed")
        }
        guard planned.plan.placeholders.isEmpty else { return KilnTool.success }
        // The schema file now describes the newest version: rewritten in kiln's layout, its header naming that
        // version (a plan with placeholders cannot run yet, so the file waits for them).
        do {
            try SchemaCommand.writeSchemaFiles(database, project: project, context: context, indent: "  ")
        } catch {
            return afterPublishing(
                written, failed: "rewrite \(context.shown(SchemaFile.relativePath(for: database)))", error,
                context: context, fix: "run 'kiln schema \(database) --write' once that is fixed")
        }
        return KilnTool.success
    }

    /// The developer's renames and what they allow.
    private static func options(_ arguments: ParsedArguments) -> SchemaPlanOptions {
        SchemaPlanOptions(
            renames: arguments[Self.rename], allowsDataLoss: arguments[Self.allowDataLoss],
            allowsQueryBreaks: arguments[Self.allowQueryBreaks])
    }

    /// `--dry-run`: the migration's text on standard output; the summary, the broken queries' warnings and
    /// that nothing was written on standard error.
    private static func printDryRun(_ planned: PlannedMigration, database: String, context: CommandContext) {
        context.standardOutput(planned.text)
        for line in summary(planned, database: database, shown: context.shown) {
            context.standardError(OneLineText.escaped(line) + "\n")
        }
        context.report(BrokenQuery.warnings(planned.brokenQueries))
        context.standardError("nothing was written (--dry-run)\n")
    }

    /// With nothing to plan, says which migrations `kiln.sum` misses (as warnings): a plan stopped after writing its
    /// migration and before recording it leaves the newest migration unrecorded, and the next plan must not
    /// pass over that in silence.
    private static func warnAboutSum(of database: String, project: KilnProject, context: CommandContext) {
        guard let diagnostics = try? ProjectChecker(project: project).sumDiagnostics(for: database) else { return }
        // Only the migrations kiln.sum does not record: an edited one the migrator has refused already.
        context.report(
            diagnostics.filter { $0.code == "migration-added" }.map {
                Diagnostic(
                    .warning, $0.message, at: $0.location, hint: "record it with 'kiln hash \(database)'",
                    code: $0.code)
            })
    }

    /// Reports a step that failed after the migration file was published: the error, then what was written and
    /// what is left to do, so a non-zero exit never reads as "nothing changed".
    ///
    /// - Returns: the failure status.
    private static func afterPublishing(
        _ written: String, failed step: String, _ error: Error, context: CommandContext, fix: String
    ) -> Int32 {
        let cause = (error as? DiagnosticError)?.diagnostics.first?.message ?? "\(error)"
        context.report(
            Diagnostic(
                .error, "wrote \(written), but could not \(step): \(cause)", hint: "the migration is in place; \(fix)"))
        return KilnTool.failure
    }

    /// What the plan does, what it loses and what it leaves to fill, one line each, project paths shown by
    /// `shown` (from the current folder).
    static func summary(_ planned: PlannedMigration, database: String, shown: (String) -> String) -> [String] {
        let plan = planned.plan
        let verification = planned.verification
        var lines = ["\(plan.steps.count) step\(plan.steps.count == 1 ? "" : "s"): " + stepList(plan)]
        lines.append(
            "proven on " + verification.dataSets.joined(separator: ", ")
                + " (\(verification.rowsCompared) rows compared)")
        lines += verification.setAside.map { $0.description }
        lines += verification.tablesNotProvenOnData.map { table in
            let refused = verification.setAside.contains { $0.table.identifierKey == table.identifierKey }
            return "not proven on data for table \(table): "
                + (refused
                    ? "every row of it the data sets held breaks its new constraints"
                    : "the data sets hold no row of it")
        }
        if !verification.setAside.isEmpty {
            // The allowed risks below say it of their rows already: each warning once.
            let saidBelow = verification.setAsideIsSaid(byRisksOf: plan)
            if !saidBelow {
                lines.append("a device holding such rows fails this migration, which then rolls back: clean them first")
            }
            if verification.dataSets.count == 1,
                verification.setAside.contains(where: { $0.dataSet == "generated rows" })
            {
                let fixture = shown("fixtures/\(database)/\(planned.version - 1).sql")
                lines.append(
                    "kiln check runs it on generated rows too and fails the same way until "
                        + (saidBelow ? "" : "the migration cleans such rows before its copy, or ")
                        + "\(fixture) holds rows a device can hold")
            }
        }
        let converted = plan.keptColumns.filter(\.isConverted).map { "\($0.table).\($0.column)" }
        if !converted.isEmpty { lines.append("converted, so not compared: " + converted.joined(separator: ", ")) }
        lines += plan.dataLosses.map { "allowed by --allow-data-loss: \($0)" }
        lines += planned.placeholderLocations.map { placeholder, location in
            "to fill: \(shown("migrations/\(database)/\(location.path)")):\(location.line):\(location.column): "
                + placeholder.description
        }
        return lines
    }

    /// The steps in words, e.g. `add column "item"."stock", create index "item_name"`.
    private static func stepList(_ plan: SchemaPlan) -> String {
        plan.steps.map(\.summary).joined(separator: ", ")
    }

    /// Records the new migration in `kiln.sum` when the database has one and the file has no placeholder
    /// (filling one edits the file, which must then be hashed again); says what to do otherwise.
    ///
    /// - Throws: what writing `kiln.sum` throws.
    private static func recordSum(
        _ planned: PlannedMigration, project: KilnProject, database: String, context: CommandContext
    ) throws {
        let sum = project.migrationsDirectory.appendingPathComponent("\(database)/kiln.sum").path
        guard FileSystem.exists(sum) else { return }
        guard planned.plan.placeholders.isEmpty else {
            context.standardOutput("  fill the placeholders, then record the file with 'kiln hash \(database)'\n")
            return
        }
        let written = try ProjectChecker(project: project).writeSum(for: database) { context.report($0.diagnostic) }
        context.standardOutput("  recorded in \(context.shown(written.path))\n")
    }
}

extension PlanCommand {
    /// The migration file is published by one atomic write, `kiln.sum` by another.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "no migration file was created, or it was created whole; kiln.sum is as it was or fully rewritten"
    }
}
