import Foundation
import Kiln
import KilnBuild

/// `kiln new <database> <words...>`: creates the next migration file.
enum NewCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "new",
        abstract: "Creates the next migration file of a database and prints its path.",
        discussion: """
            The file is named after the next version and the words, e.g. 0003_add_iso2_column.sql. It starts with
            comments only, so kiln refuses it until it holds SQL. A new database name creates its folder.
            """,
        arguments: [
            .init(name: "database", help: "The database (a folder under migrations/, created if missing)."),
            .init(name: "words", help: "What the migration does, e.g. add iso2 column.", isRepeating: true),
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments.argument("database")!
        guard isValidName(database) else { throw ProjectError.invalidDatabaseName(database) }
        let words = arguments.positional["words"] ?? []
        let project = try context.project()
        let folder = project.migrationsDirectory.appendingPathComponent(database, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let existing = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var newest: Int32 = 0
        for name in existing {
            if case .migration(let version, _) = MigrationFileName.parse(name) { newest = max(newest, version) }
        }
        guard newest < Int32.max else {
            throw UsageError(
                message: "migration versions of '\(database)' are exhausted", hint: nil, command: spec.name)
        }
        let version = newest + 1
        let name = MigrationFileName.make(version: version, words: words)
        let file = folder.appendingPathComponent(name)
        let template = """
            -- Migration \(version) of \(database): \(words.joined(separator: " "))
            --
            -- Write the SQL that brings the database from version \(version - 1) to \(version). kiln runs this file
            -- in one transaction and sets PRAGMA user_version itself; do not add BEGIN/COMMIT or version pragmas.

            """
        // Published with `link`: never overwrites a file that appeared since the folder was listed.
        try FileSystem.writeAtomically(Array(template.utf8), to: file.path, .creatingOnly)
        context.standardOutput("migrations/\(database)/\(name)\n")
        return KilnTool.success
    }

    /// Letters, digits, `_` and `-`, starting with a letter: safe as a folder and file name everywhere.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
