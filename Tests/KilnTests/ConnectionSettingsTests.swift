import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("Each migration starts from the caller's connection settings")
struct ConnectionSettingsTests {
    /// Migration 1 turns legacy_alter_table on; migration 2 renames a table another one references, which
    /// SQLite rewrites only when legacy_alter_table is off.
    static let files = [
        (
            "0001_create.sql",
            "CREATE TABLE parent (id INTEGER PRIMARY KEY);\nCREATE TABLE child (p REFERENCES parent (id));\nPRAGMA legacy_alter_table = ON;\n"
        ),
        ("0002_rename.sql", "ALTER TABLE parent RENAME TO elder;\n"),
    ]

    @Test("a pragma set by one migration does not leak into the next: the schema is the same from every start")
    func noLeak() throws {
        let set = try migrationSet("leak", Self.files)
        let whole = try SQLiteConnection(path: ":memory:")
        try Migrator(migrations: set).migrate(whole)
        let stepwise = try SQLiteConnection(path: ":memory:")
        try Migrator(migrations: set).migrate(stepwise, to: 1)
        try Migrator(migrations: set).migrate(stepwise)
        #expect(try SchemaSnapshot.read(from: whole) == SchemaSnapshot.read(from: stepwise))
        let child = try whole.rows(sql: "SELECT sql FROM sqlite_schema WHERE name = 'child'").first?.first
        #expect(child == .text("CREATE TABLE child (p REFERENCES \"elder\" (id))"))
    }

    @Test("the caller's own settings are kept for every migration and after the last")
    func callerSettingsKept() throws {
        let set = try migrationSet(
            "keep",
            [
                ("0001_a.sql", "CREATE TABLE t (x);\nPRAGMA recursive_triggers = OFF;\n"),
                ("0002_b.sql", "CREATE TABLE u (y);\n"),
            ])
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "PRAGMA recursive_triggers = ON")
        try Migrator(migrations: set).migrate(connection)
        #expect(try connection.integer(sql: "PRAGMA recursive_triggers") == 1)
    }

    @Test("a setting a migration changed is put back after the last migration too")
    func restoredAfterTheLast() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try Migrator(migrations: try migrationSet("leak", Self.files)).migrate(connection, to: 1)
        // Migration 1 ended with legacy_alter_table ON; the caller's connection has it off again.
        #expect(try connection.integer(sql: "PRAGMA legacy_alter_table") == 0)
    }
}
