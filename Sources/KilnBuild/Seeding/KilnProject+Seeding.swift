import Foundation
import Kiln

extension KilnProject {
    /// The folder holding every database's seeds.
    public var seedsDirectory: URL { root.appendingPathComponent("seeds", isDirectory: true) }

    /// The seed files of `database`, with their configured delimiters.
    public func seedFiles(for database: String) throws -> [SeedFile] {
        try SeedFile.discover(
            in: seedsDirectory.appendingPathComponent(database).path, displayPath: "seeds/\(database)",
            delimiters: configuration.settings(for: database).delimiters)
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
    /// - Throws: ``SeedError``, ``CSVError``, ``MigrationSetError`` or ``ProjectError``; the file is unchanged.
    public func seed(
        _ database: String, fileAt path: String, shownAs: String? = nil, mode: SeedMode = .insert, only: [String] = [],
        durability: SeedDurability = .full, progress: ((SeedProgress) -> Void)? = nil
    ) throws -> [SeedTableReport] {
        let migrator = try self.migrator(for: database)
        let name = shownAs ?? path
        guard FileManager.default.fileExists(atPath: path) else {
            throw SeedError(
                Diagnostic(
                    .error, "no such file: \(name)",
                    hint: "create it first with 'kiln migrate \(database) --db \(name)'"))
        }
        var files = try seedFiles(for: database)
        if !only.isEmpty {
            let available = files.map(\.tableName)
            for table in only where !available.contains(where: { $0.lowercased() == table.lowercased() }) {
                let suggestion = Suggestion.closest(to: table, among: available).map { "did you mean '\($0)'? " } ?? ""
                throw SeedError(
                    Diagnostic(
                        .error, "no seed file for table '\(table)' in seeds/\(database)",
                        hint: suggestion + "the seeded tables are: \(available.joined(separator: ", "))"))
            }
            files = files.filter { file in only.contains { $0.lowercased() == file.tableName.lowercased() } }
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: .readWrite)
            let version = try Migrator.version(of: connection)
            guard version == migrator.migrations.latestVersion else {
                throw SeedError(
                    Diagnostic(
                        .error,
                        "\(name) is at version \(version), but the seeds are written for the newest version, \(migrator.migrations.latestVersion)",
                        hint: "run 'kiln migrate \(database) --db \(name)' first"))
            }
        } catch let error as SQLiteError {
            let message =
                error.code ~= .notADatabase
                ? "\(name) is not a SQLite database" : "cannot open \(name): \(error.message)"
            throw SeedError(Diagnostic(.error, message))
        }
        return try SeedLoader(files: files, mode: mode, durability: durability).load(
            into: connection, progress: progress)
    }
}
