import Foundation
import Kiln

extension KilnProject {
    /// The folder holding every database's seeds.
    package var seedsDirectory: URL { root.appendingPathComponent("seeds", isDirectory: true) }

    /// The seed files of `database`, with their configured delimiters and text columns.
    ///
    /// - Returns: the files, sorted by name.
    /// - Throws: ``SeedError`` when the seed folder cannot be read.
    package func seedFiles(for database: String) throws -> [SeedFile] {
        let settings = configuration.settings(for: database)
        let start = SourceLocation(path: configuration.displayPath, line: 1, column: 1)
        let textColumns = settings.textInNumericColumns.reduce(into: [String: SeedFile.TextColumns]()) {
            let location = configuration.textColumnKeyLocations[database]?[$1.key] ?? start
            $0[$1.key] = SeedFile.TextColumns(names: $1.value, location: location)
        }
        return try SeedFile.discover(
            in: seedsDirectory.appendingPathComponent(database).path, displayPath: "seeds/\(database)",
            delimiters: settings.delimiters, textColumns: textColumns)
    }

    /// Loads `database`'s seeds into the file at `path`, which must be at the newest migration.
    ///
    /// - Parameters:
    ///   - database: the database's name.
    ///   - path: the database file.
    ///   - shownAs: how messages name the file.
    ///   - mode: insert, upsert or sync.
    ///   - only: load only these tables (all when empty).
    ///   - durability: journaled unless the file is private to the caller.
    ///   - progress: called every few thousand rows.
    ///   - clock: what the seed's SQL (defaults, triggers) sees as 'now': the system's clock unless pinned.
    /// - Returns: what happened to each table, in load order.
    /// - Throws: ``SeedError``, ``CSVError``, ``MigrationSetError``, ``ProjectError``, or ``FileSystemError`` when
    ///   `path` is not a regular file; the file is unchanged.
    package func seed(
        _ database: String, fileAt path: String, shownAs: String? = nil, mode: SeedMode = .insert, only: [String] = [],
        durability: SeedDurability = .full, progress: ((SeedProgress) -> Void)? = nil, clock: SQLiteClock = .system
    ) throws -> [SeedTableReport] {
        let migrator = try self.migrator(for: database)
        let name = shownAs ?? path
        guard FileSystem.exists(path) else {
            throw SeedError(.noDatabaseFile(file: name, database: database))
        }
        let files = try seedFiles(for: database, only: only)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: .readWrite, clock: clock)
            // The commit is the journal's unlink: EXTRA fsyncs the folder after it, so exit 0 is durable.
            try connection.setSynchronization(.extra)
            try migrator.prepare(connection)
            let version = try Migrator.version(of: connection)
            let newest = migrator.migrations.latestVersion
            guard version == newest else {
                throw SeedError(
                    .notAtNewestVersion(file: name, database: database, version: version, newest: newest))
            }
        } catch let error as SQLiteError {
            throw SeedError(
                error.code.matches(.notADatabase) ? .notADatabase(file: name) : .cannotOpenDatabase(file: name, error))
        }
        let loader = SeedLoader(files: files, mode: mode, durability: durability)
        do {
            return try loader.load(into: connection, progress: progress)
        } catch let error as SeedError {
            guard case .databaseFailed(_, let cause, var state) = error.reason else { throw error }
            if case .commitFailed(let countsBefore) = state {
                try? connection.close()
                state = readBack(path, loader: loader, countsBefore: countsBefore, prepare: migrator.prepareConnection)
            }
            throw SeedError(.databaseFailed(file: name, cause, state: state))
        }
    }

    /// What the file at `path` holds after a load whose commit failed, read by a connection of its own.
    private func readBack(
        _ path: String, loader: SeedLoader, countsBefore: [String: Int64],
        prepare: (@Sendable (SQLiteConnection) throws -> Void)?
    ) -> SeedError.SeedFileState {
        guard let connection = try? SQLiteConnection(path: path, mode: .readWrite) else { return .unknown }
        defer { try? connection.close() }
        if let prepare, (try? prepare(connection)) == nil { return .unknown }
        return loader.readBack(from: connection, countsBefore: countsBefore)
    }

    /// The seed files of `database` for the tables in `only` (all when it is empty).
    private func seedFiles(for database: String, only: [String]) throws -> [SeedFile] {
        let files = try seedFiles(for: database)
        guard !only.isEmpty else { return files }
        let available = files.map(\.tableName)
        for table in only where !available.contains(where: { $0.isSameIdentifier(as: table) }) {
            throw SeedError(
                .noSeedFile(
                    table: table, database: database, suggestion: Suggestion.closest(to: table, among: available),
                    seededTables: available))
        }
        return files.filter { file in only.contains { $0.isSameIdentifier(as: file.tableName) } }
    }
}
