import Foundation
import Kiln

/// One CSV seed: `seeds/<database>/<table>.csv`, loaded into the table named by the file.
package struct SeedFile: Sendable, Equatable {
    /// The file on disk.
    package let path: String
    /// How diagnostics name it, e.g. `seeds/countries/country.csv`.
    package let displayPath: String
    /// The table it fills: the file name without `.csv`.
    package let tableName: String
    /// The field separator.
    package let delimiter: UInt8
    /// The columns whose values may stay text although their type is numeric (`textInNumericColumns`), and
    /// where `kiln.json` names them, for a name the table lacks.
    package let textColumns: TextColumns?

    /// Columns `kiln.json` lets a seed file fill with text although they are numeric.
    package struct TextColumns: Sendable, Equatable {
        /// The column names as written.
        package let names: [String]
        /// The table's key in `kiln.json`.
        package let location: SourceLocation

        /// Creates the setting of one table.
        package init(names: [String], location: SourceLocation) {
            self.names = names
            self.location = location
        }
    }

    /// Creates a seed file description.
    package init(
        path: String, displayPath: String, tableName: String, delimiter: UInt8 = UInt8(ascii: ","),
        textColumns: TextColumns? = nil
    ) {
        self.path = path
        self.displayPath = displayPath
        self.tableName = tableName
        self.delimiter = delimiter
        self.textColumns = textColumns
    }

    /// The `.csv` files of a seed folder, sorted by name; other files are ignored.
    ///
    /// - Parameters:
    ///   - directory: the folder on disk.
    ///   - displayPath: how diagnostics name the folder, e.g. `seeds/countries`.
    ///   - delimiters: the separator for tables that do not use `,`, by table name (compared as SQLite compares
    ///     identifiers).
    ///   - textColumns: by table name, the columns that may hold text although numeric.
    /// - Returns: the seed files, sorted by name.
    /// - Throws: ``SeedError`` when the folder cannot be read.
    package static func discover(
        in directory: String, displayPath: String, delimiters: [String: UInt8] = [:],
        textColumns: [String: TextColumns] = [:]
    ) throws -> [SeedFile] {
        let names: [String]
        do {
            names = try FileSystem.contentsOfDirectory(directory)
        } catch let error as FileSystemError {
            throw SeedError(.noSeedFolder(folder: displayPath, error))
        }
        return SeedFileName.seeds(among: names).map { name in
            let table = SeedFileName.table(of: name)
            return SeedFile(
                path: "\(directory)/\(name)", displayPath: "\(displayPath)/\(name)", tableName: table,
                delimiter: setting(of: table, in: delimiters) ?? UInt8(ascii: ","),
                textColumns: setting(of: table, in: textColumns))
        }
    }

    /// The setting for `table` in `settings`, whose keys compare as SQLite compares identifiers.
    private static func setting<Value>(of table: String, in settings: [String: Value]) -> Value? {
        settings[table] ?? settings.first { $0.key.isSameIdentifier(as: table) }?.value
    }
}
