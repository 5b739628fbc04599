import Foundation
import Kiln
import KilnBuild

/// The database and file a one-file command (`migrate`, `status`, `seed`, `reset`) works on when the command
/// line leaves them out: the project's only database, and the file `--db` names, else `KILN_DATABASE`, else
/// the database's `development` file in `kiln.json`. So `kiln migrate` alone migrates the developer's own file.
struct DatabaseTarget {
    /// Where the file came from, for messages that say why kiln chose it.
    enum Source: Equatable {
        /// `--db`.
        case commandLine
        /// The `KILN_DATABASE` environment variable.
        case environment
        /// The database's `development` setting in `kiln.json`.
        case configuration
    }

    /// The environment variable naming the file when no `--db` is given, as `DATABASE_URL` does for dbmate and sqlx.
    static let environmentVariable = "KILN_DATABASE"

    /// The database's name.
    let database: String
    /// The file, as shown and as opened.
    let file: CommandLinePath
    /// Where ``file`` came from.
    let source: Source

    /// The database the command names, else the project's only one.
    ///
    /// - Throws: ``UsageError`` when the project has several and none is named; ``KilnProjectRootError`` when it
    ///   has none.
    static func database(_ given: String?, in project: KilnProject, command: String) throws -> String {
        if let given { return given }
        let names = try project.databaseNames()
        if names.count == 1, let only = names.first { return only }
        if names.isEmpty { throw KilnProjectRootError(.noDatabases, root: project.root.path) }
        throw UsageError(
            message: "missing expected argument '<database>': the project has \(names.count) databases",
            hint: "name one: 'kiln \(command) \(names[0])'; the databases are: \(names.joined(separator: ", "))",
            command: command)
    }

    /// The file `--db` names, else `KILN_DATABASE` (relative to the current folder), else the database's
    /// `development` file (relative to the project folder).
    ///
    /// - Returns: the file and where it came from, or nil when none of the three names one.
    static func file(
        _ given: CommandLinePath?, database: String, project: KilnProject, context: CommandContext
    ) -> DatabaseTarget? {
        if let given { return DatabaseTarget(database: database, file: given, source: .commandLine) }
        if let file = environmentFile(context) {
            return DatabaseTarget(database: database, file: file, source: .environment)
        }
        guard let development = project.configuration.settings(for: database).development else { return nil }
        let file = CommandLinePath(
            shown: context.shown(development), path: CommandContext.absolute(development, against: context.root))
        return DatabaseTarget(database: database, file: file, source: .configuration)
    }

    /// The file `KILN_DATABASE` names (relative to the current folder), nil when it is unset or empty.
    static func environmentFile(_ context: CommandContext) -> CommandLinePath? {
        guard let variable = context.environment[environmentVariable], !variable.isEmpty else { return nil }
        return CommandLinePath(variable, currentDirectory: context.currentDirectory)
    }

    /// The database and file of a command that needs both.
    ///
    /// - Throws: what ``database(_:in:command:)`` throws, and ``UsageError`` when no file is named anywhere,
    ///   with a hint naming the three ways.
    static func resolve(
        database given: String?, db: CommandLinePath?, project: KilnProject, context: CommandContext, command: String
    ) throws -> DatabaseTarget {
        let database = try database(given, in: project, command: command)
        if let target = file(db, database: database, project: project, context: context) { return target }
        throw missingFile(database: database, command: command)
    }

    /// The usage error for a command given no file: `--db`, `KILN_DATABASE` and `development` all name one.
    static func missingFile(
        database: String, command: String, message: String = "missing expected option '--db <file>'"
    ) -> UsageError {
        UsageError(
            message: message,
            hint: "name the file with '--db', set \(environmentVariable), or give '\(database)' a development file "
                + "in kiln.json (\"development\": \"dev/\(database).sqlite\")",
            command: command)
    }

    /// The file a command would work on, for the line printed after a signal: nil when it cannot be told.
    static func chosenFile(_ given: CommandLinePath?, database: String?, context: CommandContext) -> CommandLinePath? {
        if let given { return given }
        guard let project = try? context.project(), let name = try? self.database(database, in: project, command: "")
        else { return nil }
        return file(nil, database: name, project: project, context: context)?.file
    }

    /// Makes sure the file can be created: the missing folders above a `development` file are made (a fresh
    /// clone has no `dev/`: git keeps no empty folder); a file named by `--db` or `KILN_DATABASE` gets none, and
    /// a missing folder is an error that names it as typed and says how to make it.
    ///
    /// - Throws: ``DiagnosticFailure`` for a missing folder; ``FileSystemError`` when a folder cannot be made.
    func prepareFolder() throws {
        guard file.path.hasPrefix("/") else { return }  // a SQLite name (`:memory:`, a `file:` URI)
        let folder = FileSystem.parentDirectory(of: file.path)
        if source == .configuration { return try FileSystem.createDirectory(folder) }
        guard !FileSystem.isDirectory(folder) else { return }
        let shownFolder = FileSystem.parentDirectory(of: file.text)
        throw DiagnosticFailure(
            Diagnostic(
                .error, "cannot create \(file.text): there is no folder \(shownFolder)",
                hint: "make the folder first ('mkdir -p \(shownFolder)'), or name a file in a folder that exists"))
    }
}
