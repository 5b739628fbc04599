import Kiln

/// The project's settings from `kiln.json`, all optional.
///
/// ```json
/// { "databases": { "countries": { "applicationId": 1263421772, "delimiters": { "country": ";" } } } }
/// ```
///
/// The file is strict JSON (no trailing commas, no duplicate keys). Unknown keys are errors, named by their
/// path in the document (`databases.countries.aplicationId`), so a typo never silently changes nothing; every
/// problem points at the line and column of the offending key or value.
package struct KilnConfiguration: Sendable, Equatable {
    /// Settings by database name; a database without an entry uses the defaults.
    package var databases: [String: DatabaseSettings] = [:]
    /// The SQLite of the oldest OS the app supports, e.g. `3.36.0` for iOS 15: checks fail migrations and
    /// queries that use a newer feature.
    package var minimumSQLite: SQLiteVersion?
    /// Whether every database must have a schema file, `schema/<database>.sql`, even before the project has a
    /// `schema/` folder (once it has one, the check requires the file anyway).
    package var schemaFile = false
    /// Whether each database keeps `schema/<database>.md`, its Mermaid diagram, beside its schema file, unless
    /// its own settings say otherwise.
    package var schemaDiagram = false
    /// Where each database's `output` value is, for problems found after reading (two outputs colliding).
    package var outputLocations: [String: SourceLocation] = [:]
    /// Where each database's key is, for names checked against the project's folders after reading.
    package var databaseKeyLocations: [String: SourceLocation] = [:]
    /// Where each table key of a database's `delimiters` is, by database, for names checked against its seeds.
    package var delimiterKeyLocations: [String: [String: SourceLocation]] = [:]
    /// Where each table key of a database's `textInNumericColumns` is, by database.
    package var textColumnKeyLocations: [String: [String: SourceLocation]] = [:]
    /// How diagnostics name the file.
    package var displayPath = "kiln.json"

    /// An empty configuration: every database uses the defaults.
    package init() {}

    /// The settings for `database`.
    ///
    /// - Returns: its settings, or the defaults.
    package func settings(for database: String) -> DatabaseSettings {
        databases[database] ?? DatabaseSettings()
    }

    /// Whether `database` keeps `schema/<database>.md`: its own `schemaDiagram`, else the project's.
    ///
    /// - Returns: the setting.
    package func keepsSchemaDiagram(for database: String) -> Bool {
        settings(for: database).schemaDiagram ?? schemaDiagram
    }

    /// Where a problem with `database`'s output name points: its `output` value, or the file's start.
    ///
    /// - Returns: the location in `kiln.json`.
    package func outputLocation(for database: String) -> SourceLocation {
        outputLocations[database] ?? SourceLocation(path: displayPath, line: 1, column: 1)
    }

    /// Reads `kiln.json` from the project root; a missing file means defaults.
    ///
    /// - Parameters:
    ///   - path: the file on disk.
    ///   - displayPath: how diagnostics name it.
    /// - Throws: ``ConfigurationError``.
    /// - Returns: the settings.
    package static func load(path: String, displayPath: String = "kiln.json") throws -> KilnConfiguration {
        guard FileSystem.exists(path) else { return KilnConfiguration() }
        let bytes: [UInt8]
        do { bytes = try FileSystem.contents(of: path) } catch let error as FileSystemError {
            throw ConfigurationError(.unreadable(error), at: SourceLocation(path: displayPath, line: 1, column: 1))
        }
        return try parse(bytes, displayPath: displayPath)
    }

    /// Parses the text of a `kiln.json`.
    ///
    /// - Throws: ``ConfigurationError`` with every problem found.
    /// - Returns: the settings.
    package static func parse(_ bytes: [UInt8], displayPath: String = "kiln.json") throws -> KilnConfiguration {
        let source = SourceText(path: displayPath, bytes: bytes)
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch let error as JSONSyntaxError {
            throw ConfigurationError(error.configurationReason(in: source), at: source.location(ofByte: error.offset))
        }
        var reader = ConfigurationReader(source: source)
        var configuration = reader.read(document)
        guard reader.problems.isEmpty else { throw ConfigurationError(reader.problems) }
        configuration.displayPath = displayPath
        return configuration
    }

    /// Settings compare by what they configure, not by where the file put them.
    package static func == (left: KilnConfiguration, right: KilnConfiguration) -> Bool {
        left.databases == right.databases && left.minimumSQLite == right.minimumSQLite
            && left.schemaFile == right.schemaFile && left.schemaDiagram == right.schemaDiagram
    }
}
