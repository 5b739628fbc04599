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

    /// Creates a seed file description.
    package init(path: String, displayPath: String, tableName: String, delimiter: UInt8 = UInt8(ascii: ",")) {
        self.path = path
        self.displayPath = displayPath
        self.tableName = tableName
        self.delimiter = delimiter
    }

    /// The `.csv` files of a seed folder, sorted by name; other files are ignored.
    ///
    /// - Parameters:
    ///   - directory: the folder on disk.
    ///   - displayPath: how diagnostics name the folder, e.g. `seeds/countries`.
    ///   - delimiters: the separator for tables that do not use `,`, by table name (compared as SQLite compares
    ///     identifiers).
    /// - Returns: the seed files, sorted by name.
    /// - Throws: ``SeedError`` when the folder cannot be read.
    package static func discover(in directory: String, displayPath: String, delimiters: [String: UInt8] = [:]) throws
        -> [SeedFile]
    {
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
                delimiter: delimiters[table] ?? delimiters.first { $0.key.isSameIdentifier(as: table) }?.value
                    ?? UInt8(ascii: ","))
        }
    }
}
