import Foundation
import Kiln

/// A kiln project on disk: a root folder holding `migrations/<database>/`, `seeds/<database>/` and an
/// optional `kiln.json`. Paths in diagnostics are relative to the root, as a user would type them.
package struct KilnProject: Sendable {
    /// The root folder.
    package let root: URL
    /// The settings from `kiln.json`.
    package let configuration: KilnConfiguration
    /// Whether ``migrator(for:)`` refuses a migration edited since `kiln.sum` recorded it (when the database has
    /// a `kiln.sum`). On by default; `kiln check` turns it off because it reports every change to the sum itself.
    package var verifiesMigrationSums = true
    /// Whether ``migrator(for:)`` refuses kiln's untouched template (``MigrationTemplate``), which holds no SQL
    /// yet. On by default, for every command that applies migrations; `kiln check` reports it among its
    /// findings, and `status` and `schema`, which only show migrations, list it.
    package var refusesUntouchedTemplates = true

    /// Opens the project at `root`, reading `kiln.json`.
    ///
    /// - Throws: ``KilnProjectRootError`` when `root` does not exist or is not a folder,
    ///   ``ConfigurationError`` when `kiln.json` is invalid.
    package init(root: URL) throws {
        let standardized = root.standardizedFileURL
        do {
            let kind = try FileSystem.kindOfFile(at: standardized.path)
            guard kind == .directory else { throw KilnProjectRootError(.notAFolder(kind), root: standardized.path) }
        } catch let error as FileSystemError {
            throw KilnProjectRootError(error.isMissing ? .missing : .unreadable(error), root: standardized.path)
        }
        self.root = standardized
        self.configuration = try KilnConfiguration.load(path: root.appendingPathComponent("kiln.json").path)
    }

    /// Opens the project at `root` and checks that it has a `migrations/` folder, and that every database and
    /// seeded table `kiln.json` names exists: the check every command that reads a project's databases makes,
    /// so a mistyped root or setting is an error before anything is written.
    ///
    /// - Throws: ``KilnProjectRootError`` when `root` does not exist, is not a folder or has no `migrations/`
    ///   folder; ``ConfigurationError`` when `kiln.json` is invalid or names what the project does not have.
    /// - Returns: the project.
    package static func requiringMigrations(root: URL) throws -> KilnProject {
        let project = try KilnProject(root: root)
        try project.checkMigrationsFolder()
        try project.checkConfiguredNames()
        return project
    }

    /// Checks that ``migrationsDirectory`` is a folder.
    ///
    /// - Throws: ``KilnProjectRootError`` when it is missing, not a folder, or cannot be looked at.
    package func checkMigrationsFolder() throws {
        let kind: FileKind
        do { kind = try FileSystem.kindOfFile(at: migrationsDirectory.path) } catch let error as FileSystemError {
            throw KilnProjectRootError(error.isMissing ? .noMigrationsFolder : .unreadable(error), root: root.path)
        }
        guard kind == .directory else { throw KilnProjectRootError(.migrationsNotAFolder(kind), root: root.path) }
    }

    /// The folder holding every database's migrations.
    package var migrationsDirectory: URL { root.appendingPathComponent("migrations", isDirectory: true) }

    /// The names of the databases: the folders under `migrations/`, sorted; none when there is no such folder.
    ///
    /// - Throws: ``FileSystemError`` when `migrations/` exists but cannot be listed.
    /// - Returns: the names.
    package func databaseNames() throws -> [String] {
        let folder = migrationsDirectory.path
        let names: [String]
        do { names = try FileSystem.contentsOfDirectory(folder) } catch let error as FileSystemError {
            if error.isMissing || error.code == ENOTDIR { return [] }
            throw error
        }
        return names.filter { !$0.hasPrefix(".") && FileSystem.isDirectory("\(folder)/\($0)") }.sorted()
    }

    /// The databases a command names, or all of them when it names none.
    ///
    /// - Throws: ``ProjectError/unknownDatabase(_:known:)`` for a name without a migration folder, or
    ///   ``KilnProjectRootError`` (``KilnProjectRootError/Reason/noDatabases``) when it names none and the project
    ///   has none: a command over every database never silently does nothing.
    /// - Returns: the names, in the order given.
    package func databases(named names: [String]) throws -> [String] {
        let known = try databaseNames()
        for name in names where !known.contains(name) { throw ProjectError.unknownDatabase(name, known: known) }
        if names.isEmpty && known.isEmpty { throw KilnProjectRootError(.noDatabases, root: root.path) }
        return names.isEmpty ? known : names
    }

    /// Loads and checks one database's migrations.
    ///
    /// - Throws: ``ProjectError`` when there is no such database (naming the ones there are), or
    ///   ``MigrationSetError``.
    /// - Returns: the checked migrations.
    package func migrationSet(for database: String) throws -> MigrationSet {
        let known = try databaseNames()
        guard known.contains(database) else {
            throw ProjectError.unknownDatabase(database, known: known)
        }
        let folder = migrationsDirectory.appendingPathComponent(database).path
        do {
            return try MigrationSet.load(directory: folder, displayPath: "migrations/\(database)", database: database)
        } catch let error as MigrationSetError {
            guard let releases = releasedFiles(in: folder) else { throw error }
            throw error.knowing(releases)
        }
    }

    /// The migration files of `folder` that `kiln.sum` records (they shipped), and the folder's newest version;
    /// nil without a readable `kiln.sum`.
    private func releasedFiles(in folder: String) -> MigrationSetError.ReleasedFiles? {
        let sumPath = (folder as NSString).appendingPathComponent(MigrationSum.fileName)
        guard let bytes = try? FileSystem.contents(of: sumPath),
            let (sum, _) = try? MigrationSum.parse(String(decoding: bytes, as: UTF8.self), path: sumPath),
            let names = try? FileSystem.contentsOfDirectory(folder)
        else { return nil }
        let versions = names.compactMap { name -> Int32? in
            if case .migration(let version, _) = MigrationFileName.parse(name) { return version }
            return nil
        }
        return MigrationSetError.ReleasedFiles(shipped: Set(sum.lines.map(\.file)), newestVersion: versions.max() ?? 0)
    }

    /// A migrator for one database, with its configured application id and double-quoted string setting, and
    /// the stand-in collations and functions of `kiln.json` registered on every connection it migrates.
    ///
    /// When ``verifiesMigrationSums`` is on and `migrations/<database>/kiln.sum` exists, a migration whose
    /// canonical SQL differs from the hash recorded there (a released migration that was edited) is refused;
    /// a migration not yet recorded is fine. So is a migration still holding only the template `kiln new`
    /// wrote, at its marker.
    ///
    /// - Throws: what ``migrationSet(for:)`` throws, or ``CheckError`` naming each edited migration (or the
    ///   `kiln.sum` line that cannot be read), or naming each untouched template.
    /// - Returns: the migrator.
    package func migrator(for database: String) throws -> Migrator {
        let set = try migrationSet(for: database)
        if verifiesMigrationSums { try verifySum(of: set) }
        if refusesUntouchedTemplates {
            let templates = MigrationTemplate.findings(set)
            if !templates.isEmpty { throw CheckError(findings: templates) }
        }
        return migrator(running: set)
    }

    /// A migrator for `set`, with its database's settings as ``migrator(for:)`` gives them; `kiln.sum` is not
    /// read (the caller verified the files `set` was made from, which it may run otherwise, as `--adopt` does).
    ///
    /// - Returns: the migrator.
    package func migrator(running set: MigrationSet) -> Migrator {
        let database = set.database
        let settings = configuration.settings(for: database)
        var migrator = Migrator(migrations: set, applicationID: settings.applicationID)
        migrator.doubleQuotedStringLiterals = settings.doubleQuotedStrings
        let standIns = settings.standIns
        if !standIns.isEmpty { migrator.prepareConnection = { try standIns.install(on: $0) } }
        // A database imported from another tool may still hold that tool's tracking table.
        if let table = importedTrackingTable(for: database) { migrator.baselineIgnoredTables = [table] }
        return migrator
    }
}
