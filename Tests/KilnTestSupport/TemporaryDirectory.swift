import Foundation
import Kiln

/// A fresh folder under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiln-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `relative` inside the folder.
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes a text file, creating folders as needed, and returns its path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    /// Writes a file's bytes, creating folders as needed, and returns its path.
    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Writes a new, empty database at version 0 (one page, no table), creating folders as needed, and returns
    /// its path: a fleet's file that is yet to be migrated. (A 0-byte file is no database to a fleet.)
    @discardableResult
    public func writeEmptyDatabase(_ relative: String) throws -> String {
        let file = try write(relative, bytes: [])
        try FileManager.default.removeItem(atPath: file)
        let connection = try SQLiteConnection(path: file)
        // Setting a header field writes page 1, so the file is a database from its first byte.
        try connection.execute(sql: "PRAGMA user_version = 0")
        try connection.close()
        return file
    }

    /// Reads a file's bytes.
    public func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(relative)))
    }

    /// Whether a file exists inside the folder.
    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }
}

/// Builds an in-memory migration set from `(file name, SQL)` pairs.
public func migrationSet(_ database: String = "test", _ files: [(String, String)]) throws -> MigrationSet {
    try MigrationSet(
        database: database, directoryPath: "migrations/\(database)", files: files.map { ($0.0, Array($0.1.utf8)) })
}

/// The first line (`path:line:column: error: message`) of each diagnostic of a thrown error, or an empty
/// list when it is not a ``DiagnosticError``.
public func formattedDiagnostics(_ error: any Error) -> [String] {
    (error as? DiagnosticError)?.diagnostics.map { String($0.formatted().split(separator: "\n")[0]) } ?? []
}
