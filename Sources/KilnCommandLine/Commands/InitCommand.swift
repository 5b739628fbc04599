import Foundation
import Kiln
import KilnBuild

/// `kiln init [<database>] [--root <dir>]`: starts a project.
enum InitCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Starts a kiln project: migrations/, seeds/, a commented kiln.json and a first migration.",
        discussion: """
            Creates migrations/<database>/0001_create_tables.sql, an empty seeds/<database>/ and a kiln.json whose
            comments explain each setting, in the current folder or --root <dir> (created if missing; KILN_ROOT
            is not used). The database is named after the folder unless given. A folder that already holds
            kiln.json or migrations/ is refused and nothing is written; a project in a folder above is only
            noted, since a nested project is what init was asked for.
            """,
        arguments: [database.declaration], group: .writeMigrations, needsProject: false)

    /// `[<database>]`.
    static let database = Argument<String?>(
        name: "database", help: "The first database (default: the folder's name, made a valid name)."
    )
    // A new name: the project's existing databases are no answer to Tab.
    .completing(.none)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let root = context.root.standardizedFileURL
        let database = arguments[Self.database] ?? ProjectStarter.databaseName(forFolderNamed: root.lastPathComponent)
        try KilnProject.requireValidDatabaseName(database)
        noteProjectAbove(root, context: context)
        let outcome = try ProjectStarter.start(at: root, database: database)
        var text = "Started a kiln project in \(root.path) with the database '\(database)':\n"
        for path in outcome.created {
            text += "  created \(path)\(outcome.createdFolders.contains(path) ? "/" : "")\n"
        }
        let first = outcome.firstMigration
        let next = """
            Next: write the first tables' SQL in \(first) and add seeds as seeds/\(database)/<table>.csv;
            'kiln migrate' and 'kiln seed' make your development database, dev/\(database).sqlite (kiln.json's
            "development"); 'kiln build' builds the file to ship, 'kiln hash \(database)' records the migrations
            for 'kiln check', and 'kiln new \(database) <description>' adds the next migration.
            """
        text += HelpLayout.fill(HelpLayout.words(next), width: context.output.width)
        context.standardOutput(text)
        if let notDurable = outcome.notDurable {
            context.report(
                Diagnostic(
                    .warning, "cannot \(notDurable.description); the new files may not survive a power loss"))
        }
        return KilnTool.success
    }

    /// Notes a project in a folder above `root`: allowed (init is explicit), but worth knowing; not under
    /// `--quiet`.
    private static func noteProjectAbove(_ root: URL, context: CommandContext) {
        let parent = root.deletingLastPathComponent()
        guard !context.output.isQuiet, parent.path != root.path, FileSystem.isDirectory(parent.path),
            let above = try? ProjectLocator.nearestProject(from: parent.resolvingSymlinksInPath())
        else { return }
        context.report(
            Diagnostic(
                .note,
                "a kiln project already exists above, in \(above.path); the new project in \(root.path) is "
                    + "separate from it"))
    }
}
