import Foundation
import Kiln
import KilnBuild

/// `kiln install --bundled FILE --to FILE [--migrations <database>] [--refresh TABLE]... [--full-verification]
/// [--json]`.
enum InstallCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "install",
        abstract: "Installs a bundled database as an app does at launch: copy, upgrade, refresh or repair.",
        discussion: """
            The same code apps call (DatabaseInstaller in the Kiln library). An absent copy is copied safely; an
            older one is migrated keeping its rows; a damaged one is moved aside as FILE.corrupt-<time> and
            replaced; a newer one is refused. Tables named with --refresh are made equal to the bundled file's.
            The bundled file is checked by its header and size (rollback-journal mode, no -wal, -journal or -shm
            beside it); --full-verification runs quick_check on it and on the copy too. A copy that was published
            but whose folder could not be fsynced is a warning, not a failure: the install happened.
            """,
        options: [
            bundled.declaration, destination.declaration, migrations.declaration, refresh.declaration,
            fullVerification.declaration, json.declaration,
        ],
        group: .install)

    /// `--bundled <file>`.
    static let bundled = Option<CommandLinePath>(
        name: "bundled", valueName: "file", help: "The database file shipped in the app bundle.")
    /// `--to <file>`.
    static let destination = Option<CommandLinePath>(
        name: "to", valueName: "file", help: "Where the app's writable copy lives.")
    /// `--migrations <database>`.
    static let migrations = Option<String?>(
        name: "migrations", valueName: "database",
        help: "Upgrade older copies with this database's migrations (under --root).")
    /// `--refresh <table> ...`.
    static let refresh = Option<[String]>(
        name: "refresh", valueName: "table",
        help: "A reference table to make equal to the bundled file's (repeat for more).")
    /// `--full-verification`.
    static let fullVerification = Option<Bool>(
        flag: "full-verification", help: "Also run quick_check on the bundled file and the copy (reads every page).")
    /// `--json`.
    static let json = CommonOptions.json

    struct Document: Encodable {
        var formatVersion = 1
        let outcome: String
        let fromVersion: Int32?
        let toVersion: Int32?
        let quarantined: String?
        let refreshedTables: [String]
        var durabilityWarning: String?
        /// Every diagnostic the command printed, in the shape all `--json` documents share.
        var diagnostics: [DiagnosticRecord] = []
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let target = arguments[Self.destination]
        let destination = target.text
        let database = arguments[Self.migrations]
        let migrations = try database.map { try context.project().migrationSet(for: $0) }
        var installer = DatabaseInstaller(
            bundled: URL(fileURLWithPath: arguments[Self.bundled].path),
            destination: URL(fileURLWithPath: target.path), migrations: migrations,
            refreshTables: arguments[Self.refresh],
            verification: arguments[Self.fullVerification] ? .full : .header)
        // The database's kiln.json stand-ins, so a schema that uses the app's collations or functions can be read.
        if let standIns = try database.map({ try context.project().configuration.settings(for: $0).standIns }),
            !standIns.isEmpty
        {
            installer.prepareConnection = { try standIns.install(on: $0) }
        }
        if let line = context.progress {
            let meter = CopyProgressMeter(line: line)
            installer.copyProgress = { meter.show($0) }
        }
        let report = try installer.install()
        var (document, text) = describe(report, destination: destination)
        if let warning = report.durabilityWarning {
            document.durabilityWarning = warning.message
            context.report(Diagnostic(.warning, warning.message, hint: warning.hint))
        }
        if context.output.isJSON {
            document.diagnostics = context.diagnosticLog.records
            try context.printJSON(document)
        } else {
            context.standardOutput(text + "\n")
            if !report.refreshedTables.isEmpty {
                context.standardOutput(
                    "refreshed \(report.refreshedTables.joined(separator: ", ")) from the bundled database\n")
            }
        }
        return KilnTool.success
    }

    /// The `--json` document and the line of text for what the installer did to `destination`.
    private static func describe(
        _ report: DatabaseInstaller.Report, destination: String
    ) -> (document: Document, text: String) {
        let tables = report.refreshedTables
        switch report.outcome {
        case .copied:
            return (
                Document(
                    outcome: "copied", fromVersion: nil, toVersion: nil, quarantined: nil, refreshedTables: tables),
                "copied the bundled database to \(destination)"
            )
        case .upToDate:
            return (
                Document(
                    outcome: "upToDate", fromVersion: nil, toVersion: nil, quarantined: nil, refreshedTables: tables),
                "\(destination) is up to date"
            )
        case .upgraded(let from, let to):
            return (
                Document(
                    outcome: "upgraded", fromVersion: from, toVersion: to, quarantined: nil, refreshedTables: tables),
                "upgraded \(destination) from version \(from) to \(to)"
            )
        case .recovered(let quarantined):
            return (
                Document(
                    outcome: "recovered", fromVersion: nil, toVersion: nil, quarantined: quarantined,
                    refreshedTables: tables),
                "\(destination) was damaged: moved it to \(quarantined) and installed a fresh copy"
            )
        }
    }
}
