import Foundation
import Kiln
import KilnBuild

/// `kiln install --bundled FILE --to FILE [--migrations <database>] [--refresh TABLE]... [--json]`.
enum InstallCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "install",
        abstract: "Installs a bundled database as an app does at launch: copy, upgrade, refresh or repair.",
        discussion: """
            The same code apps call (DatabaseInstaller in the Kiln library). An absent copy is copied safely; an
            older one is migrated keeping its rows; a damaged one is moved aside as FILE.corrupt-<time> and
            replaced; a newer one is refused. Tables named with --refresh are made equal to the bundled file's.
            """,
        options: [
            .init(
                name: "bundled", valueName: "file", help: "The database file shipped in the app bundle.",
                isRequired: true),
            .init(name: "to", valueName: "file", help: "Where the app's writable copy lives.", isRequired: true),
            .init(
                name: "migrations", valueName: "database",
                help: "Upgrade older copies with this database's migrations (under --root)."),
            .init(
                name: "refresh", valueName: "table",
                help: "A reference table to make equal to the bundled file's (repeat for more).", isRepeatable: true),
            .init(name: "json", valueName: nil, help: "Print one JSON document instead of text."),
        ])

    struct Document: Encodable {
        var formatVersion = 1
        let outcome: String
        let fromVersion: Int32?
        let toVersion: Int32?
        let quarantined: String?
        let refreshedTables: [String]
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let destination = arguments.options["to"]!
        let migrations = try arguments.options["migrations"].map { try context.project().migrationSet(for: $0) }
        let installer = DatabaseInstaller(
            bundled: URL(fileURLWithPath: context.path(arguments.options["bundled"]!)),
            destination: URL(fileURLWithPath: context.path(destination)), migrations: migrations,
            refreshTables: arguments.repeated["refresh"] ?? [])
        let report = try installer.install()
        let document: Document
        let text: String
        switch report.outcome {
        case .copied:
            document = Document(
                outcome: "copied", fromVersion: nil, toVersion: nil, quarantined: nil,
                refreshedTables: report.refreshedTables)
            text = "copied the bundled database to \(destination)"
        case .upToDate:
            document = Document(
                outcome: "upToDate", fromVersion: nil, toVersion: nil, quarantined: nil,
                refreshedTables: report.refreshedTables)
            text = "\(destination) is up to date"
        case .upgraded(let from, let to):
            document = Document(
                outcome: "upgraded", fromVersion: from, toVersion: to, quarantined: nil,
                refreshedTables: report.refreshedTables)
            text = "upgraded \(destination) from version \(from) to \(to)"
        case .recovered(let quarantined):
            document = Document(
                outcome: "recovered", fromVersion: nil, toVersion: nil, quarantined: quarantined,
                refreshedTables: report.refreshedTables)
            text = "\(destination) was damaged: moved it to \(quarantined) and installed a fresh copy"
        }
        if arguments.flag("json") {
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
}
