import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Case-insensitive by Unicode lower case: what an app's `unicase` might do.
@Sendable func unicase(_ left: String, _ right: String) -> ComparisonResult {
    left.lowercased() < right.lowercased()
        ? .orderedAscending : left.lowercased() == right.lowercased() ? .orderedSame : .orderedDescending
}

@Suite("Custom collations, functions and the migrator's connection setup")
struct ConnectionSetupTests {
    static let files: [(String, String)] = [
        (
            "0001_create.sql",
            "CREATE TABLE tag (name TEXT NOT NULL COLLATE unicase UNIQUE, slug TEXT AS (slugify(name)));\n"
        ),
        ("0002_seed.sql", "INSERT INTO tag (name) VALUES ('Élan'), ('apple'), ('Banana');\n"),
    ]

    /// Registers the app's real collation and function.
    static let setup: @Sendable (SQLiteConnection) throws -> Void = { connection in
        try connection.createCollation(named: "unicase", unicase)
        try connection.createFunction(named: "slugify", argumentCount: 1) { arguments in
            guard case .text(let text) = arguments[0] else { return .null }
            return .text(text.lowercased().replacingOccurrences(of: " ", with: "-"))
        }
    }

    @Test("a registered collation orders and compares; registering it again replaces it")
    func collation() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.createCollation(named: "unicase", unicase)
        try db.execute(sql: "CREATE TABLE t (v TEXT COLLATE unicase); INSERT INTO t VALUES ('b'), ('A'), ('c')")
        let ordered = try db.prepare(sql: "SELECT group_concat(v, '') FROM (SELECT v FROM t ORDER BY v)")
        #expect(try ordered.step() && ordered.text(at: 0) == "Abc")
        try ordered.reset()
        #expect(try db.integer(sql: "SELECT 'ABC' = 'abc' COLLATE UNICASE") == 1)
        try db.createCollation(named: "unicase") { left, right in unicase(right, left) }
        #expect(try db.integer(sql: "SELECT 'a' < 'B' COLLATE unicase") == 0)
    }

    @Test("a registered function returns every storage class, and its thrown error fails the statement")
    func function() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused by the app" } }
        let db = try SQLiteConnection(path: ":memory:")
        try db.createFunction(named: "echo", argumentCount: 1) { $0[0] }
        try db.createFunction(named: "fail", argumentCount: 0) { _ in throw Refused() }
        let row = try db.prepare(sql: "SELECT echo(1), echo(2.5), echo('é'), echo(x'00ff'), echo(NULL), echo('')")
        #expect(try row.step())
        #expect((0..<6).map { row.value(at: $0) } == [1, 2.5, "é", .blob([0, 255]), .null, ""])
        let refused = #expect(throws: SQLiteError.self) { try db.execute(sql: "SELECT fail()") }
        #expect(refused?.message == "refused by the app")
        #expect(throws: SQLiteError.self) {
            try db.createFunction(named: "toomany", argumentCount: 1000) { _ in .null }
        }
    }

    @Test(
        "without the app's collation a migration fails; prepareConnection runs on every connection the migrator makes")
    func migratorSetup() throws {
        let set = try migrationSet("tags", Self.files)
        let bare = try SQLiteConnection(path: ":memory:")
        #expect(throws: MigrationError.self) { try Migrator(migrations: set).migrate(bare) }
        var migrator = Migrator(migrations: set)
        migrator.prepareConnection = Self.setup
        let db = try SQLiteConnection(path: ":memory:")
        try migrator.migrate(db)
        #expect(try db.integer(sql: "SELECT count(*) FROM tag WHERE name = 'APPLE'") == 1)
        #expect(try migrator.freshSchema(at: 2) == SchemaSnapshot.read(from: db))
        let folder = try TemporaryDirectory()
        let report = try migrator.migrate(fileAt: folder.path("tags.sqlite"), dryRun: true)
        #expect(report.endVersion == 2)
    }

    @Test("the installer runs its setup closure on the connection that upgrades the copy")
    func installerSetup() throws {
        let folder = try TemporaryDirectory()
        let set = try migrationSet("tags", Self.files)
        var migrator = Migrator(migrations: set, applicationID: 7)
        migrator.prepareConnection = Self.setup
        let bundled = folder.url.appendingPathComponent("tags-bundled.sqlite")
        try migrator.migrate(fileAt: bundled.path)
        let destination = folder.url.appendingPathComponent("tags.sqlite")
        try migrator.migrate(fileAt: destination.path, to: 1)
        let refused = DatabaseInstaller(bundled: bundled, destination: destination, migrations: set)
        #expect(throws: InstallerError.self) { try refused.install() }
        var installer = DatabaseInstaller(bundled: bundled, destination: destination, migrations: set)
        let calls = Counter()
        installer.prepareConnection = { connection in
            calls.increment()
            try Self.setup(connection)
        }
        #expect(try installer.install().outcome == .upgraded(from: 1, to: 2))
        #expect(calls.value == 2)  // the inspection of the old copy, then the connection that migrates it
    }
}

/// A thread-safe count, for a `@Sendable` closure to record its calls.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
