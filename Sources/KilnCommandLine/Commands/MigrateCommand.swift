import Kiln
import KilnBuild

/// `kiln migrate <database> --db FILE [--to N] [--dry-run] [--baseline N]`, or for a fleet of files
/// `kiln migrate <database> --each PATTERN [--jobs N] [--fail-fast] [--shard K/N] [--json]` (``MigrateFleet``).
enum MigrateCommand: KilnCommand {
    /// `<database>`.
    static let database = Argument<String?>(
        name: "database",
        help: "The database whose migrations to apply (a folder under migrations/; default: the only one).")
    /// `--db <file>`.
    static let db = Option<CommandLinePath?>(
        name: "db", valueName: "file",
        help: "The database file to migrate (default: KILN_DATABASE, else the database's development file).")
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
            Creates the file if it does not exist; an existing empty file is made a new database the same way. Each migration runs in its own transaction; a failing one is
            rolled back completely and the file stays at the last good version. The version is kept in
            PRAGMA user_version. With no <database>, the project's only one; with no --db, the file KILN_DATABASE
            names, else the database's development file in kiln.json (its folder is made if missing). --json prints
            one document: the versions and each migration applied, or on failure the diagnostics.

            With --each instead of --db, every file the pattern names (a folder, or a quoted glob such as
            'tenants/*.db' or 'data/**/*.sqlite') is migrated the same way, several at once, and never created:
            one line per file as it finishes, then a summary. An empty file is refused, not made a database,
            unless --create-empty (and never through a symbolic link). A file already at the target version costs one
            read of its header. A failing file does not stop the others unless --fail-fast; the exit status is 1
            if any file failed, was refused or stayed busy. A run cut short leaves each file at its old version
            or further along: run the same command again to finish the rest. --shard K/N takes the K-th of N
            disjoint slices of the files (by a hash of each file's path below the pattern's folder), so N
            machines can share a fleet. Under --quiet only the lines of the files that failed, were refused or
            stayed busy are printed, then the summary; each of those files also names itself on standard error.
            """,
        arguments: [database.declaration],
        options: [
            db.declaration, each.declaration, to.declaration, dryRun.declaration, baseline.declaration,
            jobs.declaration, failFast.declaration, shard.declaration, createEmpty.declaration, json.declaration,
            adopt.declaration, dropTrackingTable.declaration, acceptEdited.declaration,
        ],
        group: .install)

    /// `--adopt`.
    static let adopt = Option<Bool>(
        flag: "adopt",
        help: "Take over a file another tool migrated: read its tracking table, map it through imported.json.")
    /// `--drop-tracking-table`.
    static let dropTrackingTable = Option<Bool>(
        flag: "drop-tracking-table",
        help: "With --adopt or --baseline, drop the other tool's tracking table in the baseline's transaction.")
    /// `--accept-edited <version> ...`.
    static let acceptEdited = Option<[String]>(
        name: "accept-edited", valueName: "version",
        help: "With --adopt, take over although this released migration (its tool's version) was edited; repeatable.")

    /// `--each <pattern>`.
    static let each: Option<FleetPatternPath?> = {
        var option = Option<FleetPatternPath?>(
            name: "each", valueName: "pattern",
            help: "Migrate every file of a folder or a quoted glob ('tenants/*.db'), several at once.")
        option.declaration.isShellPattern = true
        option.declaration.completion = .file
        return option
    }()
    /// `--jobs <n>`.
    static let jobs = Option<JobCount?>(
        name: "jobs", valueName: "n", help: "With --each, how many files to migrate at once (default: the cores).")
    /// `--fail-fast`.
    static let failFast = Option<Bool>(
        flag: "fail-fast", help: "With --each, start no more files after the first one that fails.")
    /// `--shard <k/n>`.
    static let shard = Option<FleetShard?>(
        name: "shard", valueName: "k/n", help: "With --each, migrate only slice K of N (1/3, 2/3, 3/3).")
    /// `--create-empty`.
    static let createEmpty = Option<Bool>(
        flag: "create-empty",
        help: "With --each, make each empty regular file a new database instead of refusing it (never a link).")
    /// `--json`: the shared flag (``OutputDocument/requested(by:)`` finds it by name), worded for JSON Lines.
    static let json = Option<Bool>(
        flag: CommonOptions.json.name,
        help: "Print one JSON document (with --each, JSON Lines: one object per file, then the summary).")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let database = try DatabaseTarget.database(arguments[Self.database], in: project, command: spec.name)
        guard let target = try singleFile(arguments, database: database, project: project, context: context) else {
            return try MigrateFleet.run(arguments, database: database, context: context)
        }
        try target.prepareFolder()
        let db = target.file
        let file = db.text
        let dryRun = arguments[Self.dryRun]
        var migrator = try project.migrator(for: database)
        let adoption = try adopting(arguments, database: database, file: db, project: project, context: context)
        let baseline = adoption?.version ?? arguments[Self.baseline]
        if let adoption {
            migrator = try adopted(migrator, at: adoption, project: project, file: file, context: context)
        }
        let tracking = try trackingTable(arguments, database: database, adoption: adoption, project: project, file: db)
        if let tracking { migrator.leaveOut(tracking, file: file) }
        let report = try Self.namingOtherTool(of: db.path) {
            try migrator.migrate(
                fileAt: db.path, to: arguments[Self.to], baseline: baseline, dryRun: dryRun,
                onEvent: Self.printer(
                    file: file, dryRun: dryRun, dropping: tracking.flatMap { $0.isDropped ? $0 : nil },
                    context: context))
        }
        if let tracking, !tracking.isDropped, adoption == nil, report.baselinedVersion != nil {
            context.report(Self.keptNote(tracking, file: file, database: database, dryRun: dryRun))
        }
        if context.output.isJSON {
            try printDocument(report, database: database, file: file, dryRun: dryRun, context: context)
        } else {
            printClosingLine(report, database: database, file: file, dryRun: dryRun, context: context)
        }
        return KilnTool.success
    }

    /// The line that ends a run: nothing to apply, or from which version to which.
    private static func printClosingLine(
        _ report: Migrator.Report, database: String, file: String, dryRun: Bool, context: CommandContext
    ) {
        let count = report.applied.count
        // A file adopted at N went from N, not from the 0 it was at before the tracking table was read.
        let from = report.baselinedVersion ?? report.startVersion
        if count == 0 {
            context.standardOutput("\(database): \(file) is at version \(report.endVersion), nothing to apply\n")
            return
        }
        let what = "\(count) migration\(count == 1 ? "" : "s")"
        context.standardOutput(
            dryRun
                ? "\(database): dry run, \(file) would go from version \(from) to \(report.endVersion) (\(what)); the file was not changed\n"
                : "\(database): \(file) migrated from version \(from) to \(report.endVersion) (\(what))\n"
        )
    }

    /// The other tool's tracking table a baseline (`--adopt`'s, or `--baseline`'s when the file holds one
    /// kiln recognizes) leaves out of its comparison, and drops with `--drop-tracking-table`.
    ///
    /// - Throws: ``TrackingTableDropError`` when `--drop-tracking-table` has nothing to drop.
    private static func trackingTable(
        _ arguments: ParsedArguments, database: String, adoption: Adoption?, project: KilnProject,
        file: CommandLinePath
    ) throws -> BaselineTrackingTable? {
        let dropping = arguments[dropTrackingTable]
        if let adoption {
            return BaselineTrackingTable(
                tool: adoption.tool, table: adoption.tableName, isImported: true, isDropped: dropping)
        }
        guard arguments[baseline] != nil else { return nil }
        return try project.baselineTrackingTable(
            for: database, fileAt: file.path, shownAs: file.text, dropping: dropping)
    }

    /// What a baseline did with the other tool's tracking table it kept, and the other ways.
    private static func keptNote(_ kept: BaselineTrackingTable, file: String, database: String, dryRun: Bool)
        -> Diagnostic
    {
        let tool = kept.tool.rawValue
        let adopt =
            kept.isImported
            ? "; '--adopt' takes such a file over from what \(tool) recorded, through migrations/\(database)/imported.json"
            : ""
        return Diagnostic(
            .note,
            "\(file): \(kept.table) is \(tool)'s tracking table, which kiln ignores: the baseline "
                + (dryRun ? "would leave it out and keep it" : "left it out and kept it"),
            hint: "'--drop-tracking-table' drops it in the baseline's transaction instead\(adopt)")
    }

    /// What `migrate` says as each migration is applied, and when the file is baselined (and `dropping` dropped).
    private static func printer(
        file: String, dryRun: Bool, dropping: BaselineTrackingTable?, context: CommandContext
    ) -> (Migrator.Event) -> Void {
        let verb = dryRun ? "would apply" : "applied"
        // Under --json the document says it all, at the end.
        guard !context.output.isJSON else { return { _ in } }
        return { event in
            switch event {
            case .willApply: break
            case .applied(let migration, let duration):
                // Under --quiet only the closing line says what was applied.
                guard !context.output.isQuiet else { break }
                let placeholder = migration.isPlaceholder ? ", comments only: a placeholder version" : ""
                context.standardOutput(
                    "\(verb) \(migration.fileName) (\(Format.duration(seconds: duration))\(placeholder))\n")
            case .baselined(let version):
                context.standardOutput(
                    "\(dryRun ? "would baseline" : "baselined") \(file) at version \(version): its schema matches migrations 1 to \(version)\n"
                )
                if let dropping {
                    context.standardOutput(
                        "\(dryRun ? "would drop" : "dropped") \(dropping.table), \(dropping.tool.rawValue)'s tracking table\n"
                    )
                }
            }
        }
    }

    /// Runs `migrate`; a file kiln did not make that holds another tool's tracking table is said to be that
    /// tool's, so the error names `--adopt` rather than `--baseline`.
    private static func namingOtherTool<T>(of path: String, _ migrate: () throws -> T) throws -> T {
        do { return try migrate() } catch var error as MigrationError where error.reason == .notCreatedByKiln {
            let connection = try? SQLiteConnection(path: path, mode: .readOnly)
            if let connection, let found = try? TrackingTable.tool(in: connection) {
                error.madeBy = MigrationError.OtherTool(tool: found.tool.rawValue, table: found.table)
            }
            throw error
        }
    }

    /// With `--adopt`: the version the other tool's tracking table maps to, said on standard output.
    private static func adopting(
        _ arguments: ParsedArguments, database: String, file: CommandLinePath, project: KilnProject,
        context: CommandContext
    ) throws -> Adoption? {
        guard arguments[adopt] else {
            if arguments[dropTrackingTable], arguments[baseline] == nil {
                throw UsageError(
                    message: "'--\(dropTrackingTable.name)' goes with '--adopt' or '--baseline'", hint: nil,
                    command: spec.name)
            }
            if !arguments[acceptEdited].isEmpty {
                throw UsageError(message: "'--\(acceptEdited.name)' goes with '--adopt'", hint: nil, command: spec.name)
            }
            return nil
        }
        guard arguments[baseline] == nil else {
            throw UsageError(
                message: "'--adopt' finds the baseline itself; drop '--baseline'", hint: nil, command: spec.name)
        }
        let found = try project.adoption(
            for: database, fileAt: file.path, shownAs: file.text,
            acceptingEdited: Set(arguments[acceptEdited]))
        if !context.output.isJSON {
            context.standardOutput(
                "\(file.text): \(found.tool.rawValue)'s \(found.tableName) maps to kiln version \(found.version)\n")
        }
        return found
    }

    /// The migrator adopting `file` at `adoption`'s version, which counts the placeholders below it as applied
    /// (the tool ran their code), said on standard output when there are any.
    private static func adopted(
        _ migrator: Migrator, at adoption: Adoption, project: KilnProject, file: String, context: CommandContext
    ) throws -> Migrator {
        let adopted = try project.adoptionMigrator(migrator, at: adoption)
        let versions = adopted.appliedPlaceholders.map { String($0.version) }
        if !versions.isEmpty {
            let plural = versions.count == 1 ? "" : "s"
            context.standardOutput(
                "\(file): \(adoption.tool.rawValue) already ran migration\(plural) \(versions.joined(separator: ", ")), "
                    + "still placeholder\(plural) here: the schema comparison leaves \(plural.isEmpty ? "it" : "them") "
                    + "out, so what \(plural.isEmpty ? "its" : "their") code made in the schema shows as a difference "
                    + "until \(plural.isEmpty ? "its" : "their") SQL is written\n")
        }
        return adopted.migrator
    }

    /// The file to migrate (`--db`, else `KILN_DATABASE`, else the database's development file), or nil when
    /// `--each` names a fleet; the options of the other mode are usage errors.
    ///
    /// - Throws: ``UsageError`` for no file and no `--each`, both `--db` and `--each`, or an option of the other
    ///   mode.
    private static func singleFile(
        _ arguments: ParsedArguments, database: String, project: KilnProject, context: CommandContext
    ) throws -> DatabaseTarget? {
        let usage = { (message: String) in UsageError(message: message, hint: nil, command: spec.name) }
        switch (arguments[db], arguments[each]) {
        case (.some, .some):
            throw usage("'--db' and '--each' exclude each other: give one file or a pattern")
        case (let file, nil):
            guard let target = DatabaseTarget.file(file, database: database, project: project, context: context)
            else {
                throw DatabaseTarget.missingFile(
                    database: database, command: spec.name,
                    message: "missing expected option '--db <file>' (one file) or '--each <pattern>' (many)")
            }
            let fleetOnly = [
                arguments[jobs] == nil ? nil : "--jobs", arguments[failFast] ? "--fail-fast" : nil,
                arguments[shard] == nil ? nil : "--shard", arguments[createEmpty] ? "--create-empty" : nil,
            ]
            if let option = fleetOnly.compactMap({ $0 }).first { throw usage("'\(option)' goes with '--each'") }
            return target
        case (nil, .some):
            let adoptOnly = [
                arguments[adopt] ? adopt.name : nil, arguments[dropTrackingTable] ? dropTrackingTable.name : nil,
                arguments[acceptEdited].isEmpty ? nil : acceptEdited.name,
            ]
            if let option = adoptOnly.compactMap({ $0 }).first {
                throw UsageError(
                    message: "'--\(option)' does not go with '--each'",
                    hint: "adopt files one at a time with '--db'", command: spec.name)
            }
            return nil
        }
    }
}
