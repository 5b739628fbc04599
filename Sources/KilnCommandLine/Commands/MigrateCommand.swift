import Kiln
import KilnBuild

/// `kiln migrate <database> --db FILE [--to N] [--dry-run] [--baseline N]`.
enum MigrateCommand: KilnCommand {
    /// `<database>`.
    static let database = Argument<String>(
        name: "database", help: "The database whose migrations to apply (a folder under migrations/).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath>(name: "db", valueName: "file", help: "The database file to migrate.")
    /// `--to <version>`.
    static let to = Option<Int32?>(
        name: "to", valueName: "version", help: "Stop at this version instead of the newest.")
    /// `--dry-run`.
    static let dryRun = Option<Bool>(
        flag: "dry-run", help: "Run the pending migrations on a copy in memory; never create or change the file.")
    /// `--baseline <version>`.
    static let baseline = Option<Int32?>(
        name: "baseline", valueName: "version",
        help: "Adopt a database kiln did not create, if its schema equals this version's.")

    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Brings a database file to the newest version of its migrations.",
        discussion: """
            Creates the file if it does not exist. Each migration runs in its own transaction; a failing one is
            rolled back completely and the file stays at the last good version. The version is kept in
            PRAGMA user_version.
            """,
        arguments: [database.declaration],
        options: [
            db.declaration, to.declaration, dryRun.declaration, baseline.declaration, adopt.declaration,
            dropTrackingTable.declaration,
        ],
        group: .install)

    /// `--adopt`.
    static let adopt = Option<Bool>(
        flag: "adopt",
        help: "Take over a file another tool migrated: read its tracking table, map it through imported.json.")
    /// `--drop-tracking-table`.
    static let dropTrackingTable = Option<Bool>(
        flag: "drop-tracking-table", help: "With --adopt, drop the other tool's tracking table once adopted.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments[Self.database]
        let db = arguments[Self.db]
        let file = db.text
        let dryRun = arguments[Self.dryRun]
        let project = try context.project()
        var migrator = try project.migrator(for: database)
        let adoption = try adopting(arguments, project: project, context: context)
        let baseline = adoption?.version ?? arguments[Self.baseline]
        if let adoption { migrator.baselineIgnoredTables = [adoption.tableName] }
        let verb = dryRun ? "would apply" : "applied"
        let report = try migrator.migrate(
            fileAt: db.path, to: arguments[Self.to], baseline: baseline, dryRun: dryRun
        ) {
            event in
            switch event {
            case .willApply: break
            case .applied(let migration, let duration):
                let placeholder = migration.isPlaceholder ? ", comments only: a placeholder version" : ""
                context.standardOutput(
                    "\(verb) \(migration.fileName) (\(Format.duration(seconds: duration))\(placeholder))\n")
            case .baselined(let version):
                context.standardOutput(
                    "\(dryRun ? "would baseline" : "baselined") \(file) at version \(version): its schema matches migrations 1 to \(version)\n"
                )
            }
        }
        let count = report.applied.count
        if count == 0 {
            context.standardOutput("\(database): \(file) is at version \(report.endVersion), nothing to apply\n")
        } else {
            let what = "\(count) migration\(count == 1 ? "" : "s")"
            context.standardOutput(
                dryRun
                    ? "\(database): dry run, \(file) would go from version \(report.startVersion) to \(report.endVersion) (\(what)); the file was not changed\n"
                    : "\(database): \(file) migrated from version \(report.startVersion) to \(report.endVersion) (\(what))\n"
            )
        }
        if let adoption, arguments[Self.dropTrackingTable], !dryRun {
            let connection = try SQLiteConnection(path: db.path, mode: .readWrite)
            try connection.execute(sql: "DROP TABLE main.\(quoted(adoption.tableName))")
            context.standardOutput("dropped \(adoption.tableName)\n")
        }
        return KilnTool.success
    }

    /// With `--adopt`: the version the other tool's tracking table maps to, said on standard output.
    private static func adopting(_ arguments: ParsedArguments, project: KilnProject, context: CommandContext) throws
        -> Adoption?
    {
        guard arguments[adopt] else {
            if arguments[dropTrackingTable] {
                throw UsageError(message: "'--drop-tracking-table' goes with '--adopt'", hint: nil, command: spec.name)
            }
            return nil
        }
        guard arguments[baseline] == nil else {
            throw UsageError(
                message: "'--adopt' finds the baseline itself; drop '--baseline'", hint: nil, command: spec.name)
        }
        let file = arguments[db]
        let found = try project.adoption(for: arguments[database], fileAt: file.path, shownAs: file.text)
        context.standardOutput(
            "\(file.text): \(found.tool.rawValue)'s \(found.tableName) maps to kiln version \(found.version)\n")
        return found
    }
}
