import Kiln
import KilnBuild

/// `kiln migrate <database> --db FILE [--to N] [--dry-run] [--baseline N]`.
enum MigrateCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Brings a database file to the newest version of its migrations.",
        discussion: """
            Creates the file if it does not exist. Each migration runs in its own transaction; a failing one is
            rolled back completely and the file stays at the last good version. The version is kept in
            PRAGMA user_version.
            """,
        arguments: [
            .init(name: "database", help: "The database whose migrations to apply (a folder under migrations/).")
        ],
        options: [
            .init(name: "db", valueName: "file", help: "The database file to migrate.", isRequired: true),
            .init(name: "to", valueName: "version", help: "Stop at this version instead of the newest."),
            .init(
                name: "dry-run", valueName: nil,
                help: "Run the pending migrations on a copy in memory; never create or change the file."),
            .init(
                name: "baseline", valueName: "version",
                help: "Adopt a database kiln did not create, if its schema equals this version's."),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments.argument("database")!
        let file = arguments.options["db"]!
        let target = try arguments.version("to", command: spec.name)
        let baseline = try arguments.version("baseline", command: spec.name)
        let dryRun = arguments.flag("dry-run")
        let migrator = try context.project().migrator(for: database)
        let verb = dryRun ? "would apply" : "applied"
        let report = try migrator.migrate(fileAt: context.path(file), to: target, baseline: baseline, dryRun: dryRun) {
            event in
            switch event {
            case .willApply: break
            case .applied(let migration, let duration):
                context.standardOutput("\(verb) \(migration.fileName) (\(Format.duration(seconds: duration)))\n")
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
        return KilnTool.success
    }
}

/// Human-readable figures.
enum Format {
    /// A duration in milliseconds with one decimal, e.g. `1.2 ms`.
    static func duration(_ duration: Duration) -> String {
        "\((milliseconds(duration) * 10).rounded() / 10) ms"
    }

    /// A duration given in seconds, in milliseconds with one decimal, e.g. `1.2 ms`.
    static func duration(seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }

    /// A duration in milliseconds.
    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
