import Kiln

extension KilnConfiguration {
    /// The database entries that name no database of the project, each at its key in `kiln.json`.
    ///
    /// Database names are folder names and compare exactly (a "did you mean" catches a difference of case).
    ///
    /// - Parameter known: the project's databases (the folders under `migrations/`).
    /// - Returns: one problem per unknown name, with the closest known name when one is close.
    package func unknownDatabaseProblems(known: [String]) -> [ConfigurationError.Problem] {
        databases.keys.sorted().filter { !known.contains($0) }.map { name in
            ConfigurationError.Problem(
                .unknownDatabase(name: name, known: known), at: keyLocation(databaseKeyLocations[name]))
        }
    }

    /// The `delimiters` and `textInNumericColumns` table keys of `database` that name none of its seed files'
    /// tables, each at its key.
    ///
    /// Both settings apply only to a seed file, so the tables that count are the seeded ones (every seed file
    /// must itself name a table of the schema, which the seed loader checks). Names compare as SQLite compares
    /// identifiers.
    ///
    /// - Parameters:
    ///   - database: the database whose settings are checked.
    ///   - seededTables: the tables its seed files fill.
    /// - Returns: one problem per unknown table, with the closest seeded table when one is close.
    package func unknownSeedTableProblems(of database: String, seededTables: [String]) -> [ConfigurationError.Problem] {
        let keys = Set(seededTables.map(SQLIdentifierKey.init))
        let settings = settings(for: database)
        let named: [(String, SourceLocation?, String)] =
            settings.delimiters.keys.sorted().map { ($0, delimiterKeyLocations[database]?[$0], "delimiters") }
            + settings.textInNumericColumns.keys.sorted().map {
                ($0, textColumnKeyLocations[database]?[$0], "textInNumericColumns")
            }
        return named.filter { !keys.contains(SQLIdentifierKey($0.0)) }.map {
            ConfigurationError.Problem(
                .unknownSeedTable(database: database, table: $0.0, known: seededTables, setting: $0.2),
                at: keyLocation($0.1))
        }
    }

    /// A key's location, or the file's start when the configuration was not read from a file.
    private func keyLocation(_ location: SourceLocation?) -> SourceLocation {
        location ?? SourceLocation(path: displayPath, line: 1, column: 1)
    }
}
