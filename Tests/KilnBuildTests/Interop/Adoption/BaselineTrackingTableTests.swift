import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A baseline that leaves another tool's tracking table out of its comparison, and drops it in its own
/// transaction only while the table is still the tool's.
@Suite("A baseline and another tool's tracking table")
struct BaselineTrackingTableTests {
    /// One migration making `note`.
    static func migrator() throws -> Migrator {
        Migrator(
            migrations: try migrationSet("app", [("0001_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY);")]))
    }

    /// A database with `note`, a row, and what `sql` makes.
    static func database(_ sql: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY); INSERT INTO note VALUES (7);\n" + sql)
        return connection
    }

    static let sqlx = BaselineTrackingTable(tool: .sqlx, table: "_sqlx_migrations", isImported: false, isDropped: true)

    static let sqlxTable = """
        CREATE TABLE _sqlx_migrations (
            version BIGINT PRIMARY KEY, description TEXT NOT NULL,
            installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
            checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
        """

    static func tables(_ connection: SQLiteConnection) throws -> [String] {
        try connection.rows(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map {
            if case .text(let name) = $0[0] { name } else { "" }
        }
    }

    @Test("the tool's table is left out of the comparison and dropped with the baseline, the rows kept")
    func dropped() throws {
        var migrator = try Self.migrator()
        migrator.leaveOut(Self.sqlx, file: "app.db")
        let connection = try Self.database(Self.sqlxTable)
        let report = try migrator.migrate(connection, baseline: 1)
        #expect(report.baselinedVersion == 1)
        #expect(try Self.tables(connection) == ["note"])
        #expect(try connection.integer(sql: "SELECT id FROM note") == 7)
    }

    @Test("kept, it is only left out of the comparison")
    func kept() throws {
        var migrator = try Self.migrator()
        migrator.leaveOut(
            BaselineTrackingTable(tool: .sqlx, table: "_sqlx_migrations", isImported: false, isDropped: false),
            file: "app.db")
        let connection = try Self.database(Self.sqlxTable)
        #expect(try migrator.migrate(connection, baseline: 1).baselinedVersion == 1)
        #expect(try Self.tables(connection) == ["_sqlx_migrations", "note"])
        #expect(migrator.whileBaselining == nil)
    }

    @Test("a table that is no longer the tool's when the baseline runs is never dropped: the baseline rolls back")
    func notTheToolsAnyMore() throws {
        var migrator = try Self.migrator()
        migrator.leaveOut(Self.sqlx, file: "app.db")
        // The user's own table of that name, without sqlx's columns.
        let connection = try Self.database("CREATE TABLE _sqlx_migrations (id INTEGER PRIMARY KEY, note TEXT);")
        #expect(throws: TrackingTableDropError(.none, file: "app.db")) {
            try migrator.migrate(connection, baseline: 1)
        }
        #expect(try Self.tables(connection) == ["_sqlx_migrations", "note"])
        #expect(try Migrator.version(of: connection) == 0)
    }

    @Test("without leaving it out, the tool's table is drift")
    func withoutLeavingOut() throws {
        let connection = try Self.database(Self.sqlxTable)
        let error = #expect(throws: MigrationError.self) { try Self.migrator().migrate(connection, baseline: 1) }
        #expect(error?.message.contains("extra table _sqlx_migrations") == true, "\(String(describing: error))")
    }
}
