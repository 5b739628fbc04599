import Foundation
import Kiln
import KilnBuild

/// `kiln status [<database>] [--db FILE] [--json]`.
enum StatusCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "status",
        abstract:
            "Shows each database's migrations, and a file's version, pending migrations and drift (--db, "
            + "KILN_DATABASE or the development file).",
        discussion: """
            Every migration is first run on an empty in-memory database, so a statement that cannot run (a syntax
            error, a template placeholder such as $%AUTO_INCREMENT_PRIMARY_KEY%$, a table an earlier migration never
            made) is reported at its file, line and column before 'kiln migrate' touches a file. Drift compares the
            file's schema with a fresh database migrated to the file's version as SQLite sees it (quoting, case,
            white space and constraint order do not count) and lists missing or extra tables, columns, indexes,
            triggers and views, and each changed column, constraint or index. Without --db, KILN_DATABASE names the
            file, else each database's development file in kiln.json is shown when it exists. Exits 1 when a
            migration set is invalid or does not run, the file is newer than the migrations, or the file has drifted.
            """,
        arguments: [database.declaration],
        options: [db.declaration, json.declaration],
        group: .inspect)

    /// `[<database>]`.
    static let database = Argument<String?>(
        name: "database", help: "Only this database (required with --db when there are several).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file",
        help: "A database file to compare with the migrations (default: KILN_DATABASE, else the development file).")
    /// `--json`.
    static let json = CommonOptions.json

    /// The JSON document `--json` prints; its shape is the stable contract, the text is not.
    struct Document: Encodable {
        var formatVersion = 1
        var databases: [DatabaseStatus] = []
        /// Every diagnostic the command printed, in the shape all `--json` documents share.
        var diagnostics: [DiagnosticRecord] = []
    }

    struct DatabaseStatus: Encodable {
        let name: String
        let latestVersion: Int32
        let migrations: [MigrationEntry]
        var file: FileStatus?
        /// The database's development file from `kiln.json` when it does not exist yet (omitted otherwise).
        var missingDevelopmentFile: String?
    }

    struct MigrationEntry: Encodable {
        let version: Int32
        let file: String
        /// True for kiln's untouched template, which migrate refuses until it holds SQL (omitted otherwise).
        let untouchedTemplate: Bool?

        init(_ migration: Migration) {
            (version, file) = (migration.version, migration.path)
            untouchedTemplate = MigrationTemplate.markerLine(of: migration) == nil ? nil : true
        }
    }

    struct FileStatus: Encodable {
        let path: String
        let version: Int32
        let pending: [MigrationEntry]
        let drift: [DriftEntry]
        let isNewerThanMigrations: Bool
        /// The other migration tool whose tracking table the file holds (`--json`'s `madeBy`): at version 0, the
        /// tool that made it; at a kiln version, one that did before kiln took it over.
        var madeBy: String?
        /// That tool's tracking table, which drift leaves out: kiln never reads it.
        var trackingTable: String?

        /// Whether the file is at version 0 and another tool's: `migrate` refuses it until it is adopted.
        var isOtherToolsFile: Bool { version == 0 && madeBy != nil }
        /// Whether `status` exits 1 for the file: it drifted, is newer than the migrations, or is another tool's.
        var fails: Bool { !drift.isEmpty || isNewerThanMigrations || isOtherToolsFile }
    }

    /// A schema difference as JSON: kind, objectType, name, expected/found for a changed object, the detail
    /// (subject, aspect, change, expected, found) for a changed table or index, and the description.
    struct DriftEntry: Encodable {
        let difference: SchemaDifference

        func encode(to encoder: Encoder) throws { try difference.encode(to: encoder) }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try listingProject(context)
        var names = try project.databaseNames()
        if let only = arguments[Self.database] {
            guard names.contains(only) else { throw ProjectError.unknownDatabase(only, known: names) }
            names = [only]
        }
        let given = arguments[Self.db]
        let explicit = given ?? DatabaseTarget.environmentFile(context)
        if explicit != nil && names.count != 1 {
            throw UsageError(
                message: "name the database that "
                    + (given == nil ? DatabaseTarget.environmentVariable : "'--db'") + " holds",
                hint: "the databases are: \(names.joined(separator: ", "))", command: spec.name)
        }
        if names.isEmpty { throw KilnProjectRootError(.noDatabases, root: project.root.path) }
        var document = Document()
        var failed = false
        for name in names {
            guard let status = try status(of: name, file: explicit, project: project, context: context) else {
                failed = true
                continue
            }
            failed = failed || status.file?.fails == true
            document.databases.append(status)
        }
        // A database that failed after a signal failed because of it: the run ends with the interrupt document.
        if failed { try context.stopIfInterrupted() }
        if context.output.isJSON {
            document.diagnostics = context.diagnosticLog.records
            try context.printJSON(document)
        } else {
            for status in document.databases { context.standardOutput(text(for: status, shown: context.shown)) }
        }
        return failed ? KilnTool.failure : KilnTool.success
    }

    /// One database's status, and its file's: `file` (`--db`, `KILN_DATABASE`), else its development file when that
    /// exists. Nil when its migrations are invalid or do not run (reported).
    private static func status(
        of name: String, file explicit: CommandLinePath?, project: KilnProject, context: CommandContext
    ) throws -> DatabaseStatus? {
        let migrator: Migrator
        do {
            migrator = try project.migrator(for: name)
            try project.rehearse(migrator)
        } catch let error as any DiagnosticError {
            context.report(error)
            return nil
        }
        var status = DatabaseStatus(
            name: name, latestVersion: migrator.migrations.latestVersion,
            migrations: migrator.migrations.migrations.map(MigrationEntry.init))
        var file = explicit
        if file == nil, let development = developmentFile(of: name, project: project, context: context) {
            if FileSystem.exists(development.path) {
                file = development
            } else {
                status.missingDevelopmentFile = development.text
            }
        }
        if let file { status.file = try inspect(file.text, path: file.path, database: name, migrator: migrator) }
        return status
    }

    /// The database's development file from `kiln.json`, if it has one (which may not exist yet).
    private static func developmentFile(of database: String, project: KilnProject, context: CommandContext)
        -> CommandLinePath?
    {
        guard let target = DatabaseTarget.file(nil, database: database, project: project, context: context),
            target.source == .configuration
        else { return nil }
        return target.file
    }

    private static func inspect(_ shown: String, path: String, database: String, migrator: Migrator) throws
        -> FileStatus
    {
        let connection = try DatabaseFile.open(path, shownAs: shown, database: database)
        try connection.allowDoubleQuotedStringLiterals(migrator.doubleQuotedStringLiterals)
        let version = try Migrator.version(of: connection)
        let latest = migrator.migrations.latestVersion
        guard version >= 0, version <= latest else {
            return FileStatus(path: shown, version: version, pending: [], drift: [], isNewerThanMigrations: true)
        }
        // Another tool's tracking table (named and shaped as the tool makes it) is never drift: kiln ignores it.
        let found = try TrackingTable.tool(in: connection)
        let differences = SchemaDifference.compare(
            expected: try migrator.freshSchema(at: version), actual: try SchemaSnapshot.read(from: connection),
            ignoringTables: migrator.baselineIgnoredTables + (found.map { [$0.table] } ?? []))
        var status = FileStatus(
            path: shown, version: version,
            pending: migrator.pending(after: version).map(MigrationEntry.init),
            drift: differences.map(DriftEntry.init(difference:)),
            isNewerThanMigrations: false)
        if let found { (status.madeBy, status.trackingTable) = (found.tool.rawValue, found.table) }
        return status
    }

    /// A database's status as text, its migrations' paths shown by `shown` (from the current folder).
    private static func text(for status: DatabaseStatus, shown: (String) -> String) -> String {
        let count = status.migrations.count
        let templates = status.migrations.filter { $0.untouchedTemplate == true }
        guard let file = status.file else {
            let missing = status.missingDevelopmentFile.map {
                "; its development file \($0) does not exist yet ('kiln migrate \(status.name)' makes it)"
            }
            return
                "\(status.name): \(count) migration\(count == 1 ? "" : "s"), newest version \(status.latestVersion)"
                + (missing ?? "") + "\n" + templates.map { "  \(shown($0.file)): \(Self.template)\n" }.joined()
        }
        if file.isNewerThanMigrations {
            return
                "\(status.name): \(file.path) is at version \(file.version), newer than the newest migration (\(status.latestVersion))\n"
        }
        var text = "\(status.name): \(file.path) is at version \(file.version) of \(status.latestVersion)\n"
        for migration in status.migrations {
            let mark = migration.version <= file.version ? "[X]" : "[ ]"
            text +=
                "  \(mark) \(shown(migration.file))\(migration.untouchedTemplate == true ? " (\(Self.template))" : "")\n"
        }
        text +=
            file.pending.isEmpty
            ? "up to date\n" : "\(file.pending.count) pending migration\(file.pending.count == 1 ? "" : "s")\n"
        if file.isOtherToolsFile, let tool = file.madeBy, let table = file.trackingTable {
            text += otherToolsFile(tool: tool, table: table, database: status.name, file: file.path)
        } else if file.drift.isEmpty {
            text += "no drift: the schema matches migrations 1 to \(file.version)\n"
        } else if file.version == 0 {
            text += "drift: the file has tables but no kiln version (version 0):\n"
            for entry in file.drift { text += "  \(OneLineText.escaped("\(entry.difference)"))\n" }
            text += "if its schema is what migrations 1 to N produce, adopt it with "
            text += "'kiln migrate \(status.name) --db \(file.path) --baseline N'\n"
        } else {
            text += "drift: the schema differs from migrations 1 to \(file.version):\n"
            for entry in file.drift { text += "  \(OneLineText.escaped("\(entry.difference)"))\n" }
            text += "a migration was edited after this file applied it, or the file was changed by hand; a "
            text += "development file can be rebuilt with 'kiln reset \(status.name) --db \(file.path)'\n"
        }
        if !file.isOtherToolsFile, let tool = file.madeBy, let table = file.trackingTable {
            text += "\(table), \(tool)'s tracking table, is left out: kiln ignores it\n"
        }
        return text
    }

    /// The project, which status only shows migrations of: kiln's untouched template is listed, not refused.
    private static func listingProject(_ context: CommandContext) throws -> KilnProject {
        var project = try context.project()
        project.refusesUntouchedTemplates = false
        return project
    }

    /// How status marks kiln's untouched template.
    private static let template = "kiln's template, untouched: write its SQL before migrating"

    /// The ways to take over a file at version 0 holding `tool`'s tracking table `table`: `--adopt` (for a tool
    /// whose history `kiln import` reads), or a baseline, which leaves the table or drops it.
    private static func otherToolsFile(tool: String, table: String, database: String, file: String) -> String {
        let command = "kiln migrate \(database) --db \(file)"
        let importable = ForeignTool.importable.contains { $0.rawValue == tool }
        let adopt =
            importable
            ? "adopt it where it stands with '\(command) --adopt' (after 'kiln import \(database) <folder> --from "
                + "\(tool)'); or, " : ""
        return "made by \(tool): the file holds its tracking table \(table) and no kiln version; \(adopt)"
            + "if its schema is what migrations 1 to N produce, baseline it with '\(command) --baseline N', which "
            + "leaves \(table) (kiln ignores it), or drops it with '--drop-tracking-table'\n"
    }
}
