import Foundation
import Kiln

/// The app's data: the bundled name-day calendar, installed into a writable folder at start.
///
/// Where the tutorial's `createEditableCopyOfDatabaseIfNeeded` copied `santi.sql` only when the copy was
/// missing, this uses kiln's installer: a safe first copy, upgrades that keep the user's favourites, and the
/// calendar refreshed from the bundle at every start.
public final class NameDays {
    /// What the install did at start.
    public let installReport: DatabaseInstaller.Report
    private let connection: SQLiteConnection
    private let query: SQLiteStatement

    /// A resource the app expects in its bundle is missing: a packaging mistake, not a user's problem.
    public struct MissingResource: Error, CustomStringConvertible {
        /// The resource's name.
        public let name: String

        /// What is missing.
        public var description: String { "the app bundle has no \(name)" }
    }

    /// The bundled database, built by the kiln plugin.
    public static var bundledDatabase: URL {
        get throws {
            guard let url = Bundle.module.url(forResource: "santi", withExtension: "sql") else {
                throw MissingResource(name: "santi.sql")
            }
            return url
        }
    }

    /// The migrations shipped with the app (the same files the plugin built from).
    public static func bundledMigrations() throws -> MigrationSet {
        guard let folder = Bundle.module.url(forResource: "migrations", withExtension: nil) else {
            throw MissingResource(name: "migrations")
        }
        return try MigrationSet.load(directory: folder.appendingPathComponent("santi").path)
    }

    /// Installs (or upgrades) the database in `folder` and opens it. Call it off the main thread: the install
    /// waits for other processes installing the same file, copies it and runs migrations.
    public init(dataFolder folder: URL, bundled: URL? = nil, migrations: MigrationSet? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let installer = DatabaseInstaller(
            bundled: try bundled ?? Self.bundledDatabase, destination: folder.appendingPathComponent("santi.sqlite"),
            migrations: try migrations ?? Self.bundledMigrations(), refreshTables: ["santi"])
        installReport = try installer.install()
        connection = try SQLiteConnection(path: installer.destination.path)
        // The tutorial's own statement, with day and month bound as integers (sqlite3_bind_int).
        query = try connection.prepare(sql: "SELECT santo1 FROM santi where day=? and month=?")
    }

    /// The saint (or saints) whose name day is `day`/`month`, or nil for a day the calendar does not have.
    public func saint(day: Int, month: Int) throws -> String? {
        try query.bind(integer: Int64(day), at: 1)
        try query.bind(integer: Int64(month), at: 2)
        let saint = try query.step() ? query.text(at: 0) : nil
        // Reset right away: a statement left mid-result keeps its read transaction, which blocks writers.
        try query.reset()
        return saint
    }

    /// Marks a day as a favourite (user data, kept across upgrades).
    public func addFavorite(day: Int, month: Int, note: String) throws {
        let insert = try connection.prepare(sql: "INSERT OR REPLACE INTO preferito (day, month, note) VALUES (?, ?, ?)")
        try insert.bind([.integer(Int64(day)), .integer(Int64(month)), .text(note)])
        try insert.run()
    }

    /// The favourite days, by month and day.
    public func favorites() throws -> [String] {
        try connection.rows(sql: "SELECT day || '/' || month || ' ' || note FROM preferito ORDER BY month, day").map {
            "\($0[0])"
        }
    }
}
