import Foundation
import Kiln

/// A kiln project on disk: a root folder holding `migrations/<database>/`, `seeds/<database>/` and an
/// optional `kiln.json`. Paths in diagnostics are relative to the root, as a user would type them.
public struct KilnProject: Sendable {
    /// The root folder.
    public let root: URL
    /// The settings from `kiln.json`.
    public let configuration: KilnConfiguration

    /// Opens the project at `root`, reading `kiln.json`.
    ///
    /// - Throws: ``ConfigurationError`` when `kiln.json` is invalid.
    public init(root: URL) throws {
        self.root = root.standardizedFileURL
        self.configuration = try KilnConfiguration.load(path: root.appendingPathComponent("kiln.json").path)
    }

    /// The folder holding every database's migrations.
    public var migrationsDirectory: URL { root.appendingPathComponent("migrations", isDirectory: true) }

    /// The names of the databases: the folders under `migrations/`, sorted.
    public func databaseNames() throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: migrationsDirectory.path)
        } catch {
            return []
        }
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: migrationsDirectory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// The databases a command names, or all of them when it names none.
    ///
    /// - Throws: ``ProjectError/unknownDatabase(_:known:)`` for a name without a migration folder.
    public func databases(named names: [String]) throws -> [String] {
        let known = try databaseNames()
        for name in names where !known.contains(name) { throw ProjectError.unknownDatabase(name, known: known) }
        return names.isEmpty ? known : names
    }

    /// Loads and checks one database's migrations.
    ///
    /// - Throws: ``ProjectError`` when there is no such database (naming the ones there are), or
    ///   ``MigrationSetError``.
    public func migrationSet(for database: String) throws -> MigrationSet {
        let known = try databaseNames()
        guard known.contains(database) else {
            throw ProjectError.unknownDatabase(database, known: known)
        }
        return try MigrationSet.load(
            directory: migrationsDirectory.appendingPathComponent(database).path,
            displayPath: "migrations/\(database)", database: database)
    }

    /// A migrator for one database, with its configured application id.
    public func migrator(for database: String) throws -> Migrator {
        Migrator(
            migrations: try migrationSet(for: database),
            applicationID: configuration.settings(for: database).applicationID)
    }
}

/// A command named something the project does not have.
public enum ProjectError: DiagnosticError, Equatable {
    /// No `migrations/<name>/` folder.
    case unknownDatabase(String, known: [String])
    /// A database name that cannot be a folder name.
    case invalidDatabaseName(String)

    public var diagnostics: [Diagnostic] {
        switch self {
        case .unknownDatabase(let name, let known):
            let suggestion = Suggestion.closest(to: name, among: known)
            var hint =
                known.isEmpty
                ? "there are no databases yet; create one with 'kiln new \(name) <description>'"
                : "the databases are: \(known.joined(separator: ", "))"
            if let suggestion { hint = "did you mean '\(suggestion)'? " + hint }
            return [Diagnostic(.error, "no database named '\(name)' (no folder migrations/\(name))", hint: hint)]
        case .invalidDatabaseName(let name):
            return [
                Diagnostic(
                    .error, "'\(name)' is not a valid database name",
                    hint: "use letters, digits, '_' and '-', starting with a letter")
            ]
        }
    }
}
