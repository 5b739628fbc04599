import Kiln
import KilnBuild

/// `kiln import <database> <source-folder> [--from <tool>] [--code-migrations refuse|placeholder] [--dry-run]`.
enum ImportCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Converts another tool's migration folder into a new database's migrations.",
        discussion: """
            Reads a folder of diesel, sqlx, golang-migrate, goose, dbmate, Flyway, drizzle-kit or Prisma
            migrations (detected, or named with --from) and writes migrations/<database>/NNNN_<version>_<name>.sql,
            numbered 1 to n in the tool's order (drizzle's meta/_journal.json, Prisma's folder names), with
            imported.json mapping each tool version to its kiln version (and the sums drizzle and Prisma record,
            which migrate --adopt compares). A folder fitting several tools is refused unless a file only one
            writes decides (meta/_journal.json, migration_lock.toml, V<n>__). Down migrations are not imported;
            BEGIN/COMMIT wrappers and PRAGMA foreign_keys/defer_foreign_keys/user_version settings are removed
            (kiln runs them itself); everything else is copied byte for byte. Each of these is listed for review.
            Templating placeholders and dialect variants are refused where they are. Migrations written as code
            (goose .go, Flyway .java) are refused in one error listing each, unless --code-migrations placeholder:
            then each becomes a kiln migration holding a kiln_placeholder(...) statement, at its place in the
            tool's order, which migrate and check refuse until you port its code to SQL (migrate --adopt treats
            it as applied below the version adopted). Flyway R__ repeatable scripts are left out, each with a
            warning. The database folder must not exist or be empty; it is written all or nothing.
            """,
        arguments: [database.declaration, source.declaration],
        options: [from.declaration, codeMigrations.declaration, dryRun.declaration],
        group: .writeMigrations)

    /// `<database>`.
    static let database = Argument<String>(
        name: "database", help: "The new database (a folder under migrations/, which must not hold migrations).")
    /// `<source-folder>`.
    static let source = Argument<CommandLinePath>(
        name: "source-folder", help: "The other tool's migration folder (relative to the current folder).")
    /// `--from <tool>`.
    static let from = Option<ForeignTool?>(
        name: "from", valueName: "tool",
        help: ForeignTool.spelled(ForeignTool.importable) + " (default: detected from the folder).")
    /// `--code-migrations refuse|placeholder`.
    static let codeMigrations = Option<CodeMigrationPolicy>(
        name: "code-migrations", valueName: "policy",
        help: "refuse (default) or placeholder: a migration to port by hand in place of each code migration.",
        default: .refuse)
    /// `--dry-run`.
    static let dryRun = Option<Bool>(flag: "dry-run", help: "Print what would be imported; write nothing.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments[Self.database]
        try KilnProject.requireValidDatabaseName(database)
        // Like `new`, `import` adds the first database to a project that may hold only `kiln.json`; where there is
        // no project at all, the import starts one in the current folder.
        let starting = context.projectNotFound != nil
        let project = starting ? try KilnProject(root: context.root) : try context.project(requiringMigrations: false)
        let source = arguments[Self.source]
        let plan = try ImportPlanner.plan(
            database: database, source: source.path, shownAs: source.text, tool: arguments[Self.from],
            codeMigrations: arguments[Self.codeMigrations])
        let shownFolder = context.shown("migrations/\(database)")
        let dryRun = arguments[Self.dryRun]
        if dryRun {
            try ImportWriter.requireEmpty(
                project.migrationsDirectory.appendingPathComponent(database).path, shownAs: shownFolder)
        }
        guard !dryRun else {
            context.standardOutput(plan.review(into: shownFolder, dryRun: true))
            for warning in plan.warnings { context.report(warning.diagnostic) }
            return KilnTool.success
        }
        // The review says what was written: only once it was.
        let notDurable = try ImportWriter.write(plan, into: project.migrationsDirectory.path, shownAs: shownFolder)
        context.standardOutput(plan.review(into: shownFolder, dryRun: false))
        for warning in plan.warnings { context.report(warning.diagnostic) }
        if starting { try startProject(at: project, database: database, context: context) }
        if let notDurable {
            context.report(
                Diagnostic(
                    .warning,
                    "imported into \(shownFolder), but cannot \(notDurable.description); the new folder may not "
                        + "survive a power loss"))
        }
        return KilnTool.success
    }
}

extension ImportCommand {
    /// Writes the minimal `kiln.json` of a project the import started, after its migrations are in place (they
    /// alone already make the folder a project, so a failure here loses nothing and is a warning).
    fileprivate static func startProject(at project: KilnProject, database: String, context: CommandContext) throws {
        let path = project.root.appendingPathComponent("kiln.json").path
        do {
            _ = try FileSystem.writeAtomically(
                Array(ProjectStarter.minimalConfiguration(database: database).utf8), to: path)
            context.standardOutput("started a kiln project here: wrote \(context.shown("kiln.json"))\n")
        } catch let error as FileSystemError {
            context.report(
                Diagnostic(
                    .warning, "imported, but cannot write \(context.shown("kiln.json")): \(error.systemMessage)",
                    hint: "the migrations folder already makes this a project; write kiln.json by hand if you want one")
            )
        }
    }
}

/// `--code-migrations refuse|placeholder`.
extension CodeMigrationPolicy: CommandLineChoice {
    /// A few words for completion: the value's meaning, not the option's.
    package var meaning: String? {
        switch self {
        case .refuse: "refuse a folder holding code migrations, listing each"
        case .placeholder: "write a placeholder to port by hand in place of each code migration"
        }
    }
}

/// `--from diesel|sqlx|golang-migrate|goose|dbmate|flyway|drizzle|prisma`: the tools whose folder `kiln import` converts, not
/// GRDB, whose migrations are code.
extension ForeignTool: CommandLineChoice {
    /// The importable tools.
    package static var choices: [ForeignTool] { importable }
}
