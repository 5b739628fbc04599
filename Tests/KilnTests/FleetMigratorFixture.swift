import Foundation
import Kiln
import KilnTestSupport

/// Files of a test fleet, made at chosen versions by the `shop` migrations, and a counter of the SQLite
/// connections the fleet migrator opened (through ``Migrator/prepareConnection``, which runs on every one).
final class FleetMigratorFixture: @unchecked Sendable {
    /// The three `shop` migrations.
    static let shop: [(String, String)] = [
        ("0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"),
        ("0002_seed_item.sql", "INSERT INTO item (name) VALUES ('apple'), ('pear');\n"),
        ("0003_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL NOT NULL DEFAULT 0;\n"),
    ]

    /// The folder of the fleet.
    let folder: TemporaryDirectory
    private let lock = NSLock()
    private var opened = 0

    /// An empty fleet folder.
    init() throws { folder = try TemporaryDirectory() }

    /// How many connections the migrator opened so far.
    var openCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    /// A migrator of the `shop` migrations (or `files`) that counts the connections it opens.
    func migrator(_ files: [(String, String)] = FleetMigratorFixture.shop, applicationID: Int32 = 0) throws -> Migrator
    {
        var migrator = Migrator(migrations: try migrationSet("shop", files), applicationID: applicationID)
        migrator.prepareConnection = { [self] _ in
            lock.lock()
            opened += 1
            lock.unlock()
        }
        return migrator
    }

    /// Makes `name` a database at `version` (0: a new database of one page and no table).
    @discardableResult
    func database(_ name: String, at version: Int32, applicationID: Int32 = 0) throws -> String {
        let path = folder.path(name)
        if version == 0 {
            try folder.writeEmptyDatabase(name)
        } else {
            let maker = Migrator(migrations: try migrationSet("shop", Self.shop), applicationID: applicationID)
            try maker.migrate(fileAt: path, to: version)
        }
        return path
    }

    /// The version a file is at, read through SQLite.
    func version(_ name: String) throws -> Int32 {
        try Migrator.version(of: SQLiteConnection(path: folder.path(name), mode: .readOnly))
    }

    /// The fleet file `name`, relative to the folder.
    func file(_ name: String) -> FleetFile { FleetFile(path: folder.path(name), relativePath: name) }
}

extension LockHolder {
    /// Holds SQLite's write lock (`BEGIN IMMEDIATE`) on a database from another thread, as another process
    /// would, until released or until `seconds` have passed.
    static func sqliteWriteLock(on path: String, holding seconds: TimeInterval) -> LockHolder {
        LockHolder(for: seconds) { whileHeld in
            let connection = try? SQLiteConnection(path: path, mode: .readWrite)
            try? connection?.execute(sql: "BEGIN IMMEDIATE")
            whileHeld()
            try? connection?.execute(sql: "ROLLBACK")
            try? connection?.close()
        }
    }
}
