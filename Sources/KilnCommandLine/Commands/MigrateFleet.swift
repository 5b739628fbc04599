import Foundation
import Kiln
import KilnBuild

/// `kiln migrate <database> --each <pattern> [--jobs N] [--fail-fast] [--shard K/N] [--json]`: the fleet
/// engine (``FleetMigrator``) over the files a pattern names (``FleetSelection``), with a line per file as it
/// finishes, a progress line on a terminal and a summary. The command only reads options and renders.
enum MigrateFleet {
    /// Runs the fleet the command line names.
    ///
    /// - Returns: 0 when every file ended migrated, up to date or vanished; 1 when one failed, was refused or
    ///   stayed busy, or the run stopped at the first failure.
    /// - Throws: the project's errors, a pattern that names nothing, ``CommandInterrupted`` after a signal (with
    ///   the files done so far).
    static func run(_ arguments: ParsedArguments, database: String, context: CommandContext) throws -> Int32 {
        guard let pattern = arguments[MigrateCommand.each] else { preconditionFailure("run without --each") }
        let shard = arguments[MigrateCommand.shard]
        let fleet = try migrator(arguments, database: database, context: context)
        let selection = try select(pattern, shard: shard)
        // A first walk only counts the files for the progress line's "of 10,000": no terminal, no first walk.
        let total = context.progress == nil ? nil : selection.count()
        var report = MigrateFleetReport(
            database: database, pattern: pattern, shard: shard, fleet: fleet, total: total, context: context)
        if total == 0 { return try finishWithoutFiles(pattern, shard: shard, report: report) }
        let interruption = context.interruption
        let summary = fleet.migrate(
            selection, onResult: { report.add($0) }, isCancelled: { interruption() != nil })
        // After a signal no summary: the interrupt line says how far the run got and what is left.
        if let signal = interruption() { throw try report.interrupted(summary, signal: signal) }
        if summary.fileCount + summary.notStarted == 0 {
            return try finishWithoutFiles(pattern, shard: shard, report: report)
        }
        try report.finish(summary)
        return summary.succeeded ? KilnTool.success : KilnTool.failure
    }

    /// Ends a run whose pattern (or shard) holds no file: an error when the pattern matches nothing at all,
    /// fine (and said) when only this shard is empty.
    ///
    /// - Throws: ``DiagnosticFailure`` naming the pattern when no file matches it.
    private static func finishWithoutFiles(_ pattern: FleetPatternPath, shard: FleetShard?, report: MigrateFleetReport)
        throws -> Int32
    {
        let overall = shard == nil ? 0 : try select(pattern, shard: nil).count()
        guard overall > 0 else { throw DiagnosticFailure(Diagnostic(.error, "no file matches '\(pattern.text)'")) }
        try report.finishEmptyShard(overall: overall)
        return KilnTool.success
    }

    /// The fleet migrator the options ask for.
    ///
    /// - Throws: the project's errors; ``MigrationError`` for a `--to` above the newest migration.
    private static func migrator(_ arguments: ParsedArguments, database: String, context: CommandContext) throws
        -> FleetMigrator
    {
        let migrator = try context.project().migrator(for: database)
        let jobs = arguments[MigrateCommand.jobs] ?? JobCount(ProcessInfo.processInfo.activeProcessorCount)
        var fleet = FleetMigrator(migrator: migrator, concurrency: jobs.value)
        fleet.target = arguments[MigrateCommand.to]
        // A version no file can reach fails the run before any file is opened, not once per file.
        let latest = migrator.migrations.latestVersion
        if let target = fleet.target, target > latest {
            throw MigrationError(
                .invalidTarget(target: target, current: 0, latest: latest),
                path: arguments[MigrateCommand.each]?.text ?? "",
                database: migrator.migrations.database)
        }
        fleet.baseline = arguments[MigrateCommand.baseline]
        fleet.dryRun = arguments[MigrateCommand.dryRun]
        fleet.stopsAtFirstFailure = arguments[MigrateCommand.failFast]
        fleet.createsDatabasesInEmptyFiles = arguments[MigrateCommand.createEmpty]
        return fleet
    }

    /// The files of `pattern` (of one shard).
    ///
    /// - Throws: ``FleetSelectionError`` naming the pattern as typed, not as resolved against the current folder.
    private static func select(_ pattern: FleetPatternPath, shard: FleetShard?) throws -> FleetSelection {
        do {
            return try FleetSelection(pattern: pattern.text, in: pattern.folder, shard: shard)
        } catch {
            throw FleetSelectionError(error.reason, pattern: pattern.text)
        }
    }

    /// What a signal that stopped a fleet run left, after `interrupted (SIGINT): `.
    static func interruptedOutcome(dryRun: Bool) -> String {
        if dryRun { return "the files were only read; nothing was changed" }
        return "each file is at its old version or further along (the migration in progress in each was rolled "
            + "back); run the same command again to finish the rest"
    }
}
