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
            comments only, so kiln refuses it until it holds SQL. A new database name creates its folder. The project
            is found as for every command (--root, KILN_ROOT, or the nearest folder above holding kiln.json or
            migrations/); kiln new never starts one: run 'kiln init' for that.
            """,
        arguments: [database.declaration, words.declaration],
        group: .writeMigrations)

    /// `<database>`.
    static let database = Argument<String>(
        name: "database", help: "The database (a folder under migrations/, created if missing).")
    /// `<words> ...`.
    static let words = Argument<[String]>(name: "words", help: "What the migration does, e.g. add iso2 column.")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let database = arguments[Self.database]
        try KilnProject.requireValidDatabaseName(database)
        let words = arguments[Self.words]
        // `new` makes the first database's folder, so the project need not hold `migrations/` yet (only
        // `kiln.json`); a folder that is no project at all is refused: `kiln init` starts one.
        let project = try context.project(requiringMigrations: false)
        let folder = project.migrationsDirectory.appendingPathComponent(database).path
        let shownFolder = context.shown("migrations/\(database)")
        let version = try nextVersion(in: folder, shownAs: shownFolder, database: database)
        let name = MigrationFileName.make(version: version, words: words)
        let template = MigrationTemplate.text(version: version, database: database, words: words)
        try MigrationFilePublisher.publish(
            template, name: name, folder: folder, shownFolder: shownFolder, context: context)
        return KilnTool.success
    }

    /// The version after the newest migration in `folder`, which is created if missing.
    ///
    /// - Returns: the next version.
    /// - Throws: ``NewMigrationError`` when the folder cannot be created or listed, ``UsageError`` when the
    ///   newest version is already `Int32.max`.
    private static func nextVersion(in folder: String, shownAs shownFolder: String, database: String) throws -> Int32 {
        let existing: [String]
        do {
            try FileSystem.createDirectory(folder)
        } catch let error as FileSystemError {
            throw NewMigrationError(.createFolder, path: shownFolder, cause: error)
        }
        do {
            existing = try FileSystem.contentsOfDirectory(folder)
        } catch let error as FileSystemError {
            throw NewMigrationError(.listFolder, path: shownFolder, cause: error)
        }
        var newest: Int32 = 0
        for name in existing {
            if case .migration(let version, _) = MigrationFileName.parse(name) { newest = max(newest, version) }
        }
        guard newest < Int32.max else {
            throw UsageError(
                message: "migration versions of '\(database)' are exhausted", hint: nil, command: spec.name)
        }
        return newest + 1
    }
}
