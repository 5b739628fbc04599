import Kiln

/// The upgrade check's database without rows, migrated once through the versions as far as anyone asks, keeping
/// an image of each version (``UpgradeSchemaImages``) and what each migration touches (``UpgradeMigrationAccess``).
/// A failing upgrade path asks for the schema of several versions (to grade the failure, to continue after it,
/// to attribute it to starting versions): each is a copy of an image, not a new build from version 0. A passing
/// check never asks, and pays nothing.
///
/// The database at a version is the one a fresh build at that version gives (``Migrator/freshDatabase(at:observing:)``):
/// the same migrator migrates it, one version at a time, and each copy is made into a new `:memory:` database.
final class UpgradeSchemaWalk {
    /// The database at ``version``, once the walk has started.
    private var connection: SQLiteConnection?
    /// The version the walk has reached.
    private(set) var version: Int32 = 0
    private var images: UpgradeSchemaImages
    /// What each migration the walk ran touches, by version.
    private var accesses: [Int32: UpgradeMigrationAccess] = [:]
    /// The `CREATE` text of each table and view at ``version``, by name.
    private var definitions: [SQLIdentifierKey: String] = [:]
    /// The version at which each table name first existed.
    private var firstTables: [SQLIdentifierKey: Int32] = [:]
    /// The connection's virtual-table modules, whose eponymous tables are not the schema's.
    private var modules: Set<SQLIdentifierKey> = []

    /// A walk that has not started, keeping at most `imageBudget` bytes of images (``UpgradeSchemaImages``).
    init(imageBudget: Int = 8 << 20) { images = UpgradeSchemaImages(budget: imageBudget) }

    /// What migration `version` touches, once the walk has run it.
    func access(of version: Int32) -> UpgradeMigrationAccess? { accesses[version] }

    /// The tables a database at `version` may have (every name a table had at or before it, so a dropped table
    /// too): the walk must have reached `version`.
    func tables(at version: Int32) -> Set<SQLIdentifierKey> {
        Set(firstTables.filter { $0.value <= version }.keys)
    }

    /// Migrates the walk to `target`, when it is not there yet: one run of the migrator, as a fresh build is, with
    /// what each migration touches recorded and its result noted and kept as it commits.
    ///
    /// - Throws: ``MigrationError`` when a migration fails without rows (the walk then stays at the version
    ///   before it), ``SQLiteError`` when the database cannot be read or copied.
    func advance(_ migrator: Migrator, to target: Int32) throws {
        let connection = try started()
        guard version < target else { return }
        var access: UpgradeMigrationAccess?
        var noted: (any Error)?
        let modules = modules
        // Only the migrations' own statements (from each one's start to its commit) count, not the migrator's
        // reading of the version and settings, nor the walk's own queries.
        let migrate = {
            try migrator.migrate(connection, to: target) { event in
                switch event {
                case .willApply: access = UpgradeMigrationAccess()
                case .applied(let migration, _):
                    guard var done = access, noted == nil else { return }
                    access = nil
                    do { try self.keep(&done, at: migration.version, of: connection) } catch { noted = error }
                case .baselined: return
                }
            }
        }
        try connection.observingAuthorizations({ access?.record($0, modules: modules) }, during: migrate)
        if let noted {
            // The database went on without the walk: start again next time.
            self.connection = nil
            version = 0
            definitions = [:]
            throw noted
        }
    }

    /// A new `:memory:` database with the schema of `version` and no rows, as
    /// ``Migrator/freshDatabase(at:observing:)`` builds it: a copy of the walk's image of that version, or of the
    /// nearest one below migrated up to it; the walk advances when it has not reached `version`.
    ///
    /// - Throws: ``MigrationError`` or ``SQLiteError``, as ``advance(_:to:)``.
    /// - Returns: its connection.
    func database(at version: Int32, _ migrator: Migrator) throws -> SQLiteConnection {
        try advance(migrator, to: version)
        let copy = try SQLiteConnection(path: ":memory:")
        if version == self.version, let connection {
            try connection.copyDatabase(into: copy)
            return copy
        }
        guard let (below, image) = images.nearest(atOrBelow: version) else {
            return try migrator.freshDatabase(at: version)
        }
        let scratch = try SQLiteConnection(deserializing: image)
        if below < version { try migrator.migrate(scratch, to: version) }
        try scratch.copyDatabase(into: copy)
        return copy
    }

    /// The walk's database, made at its first use.
    private func started() throws -> SQLiteConnection {
        if let connection { return connection }
        let connection = try SQLiteConnection(path: ":memory:")
        let names = try connection.rows(sql: "SELECT name FROM pragma_module_list").compactMap { row in
            if case .text(let name) = row[0] { name.identifierKey } else { nil }
        }
        modules = Set(names)
        self.connection = connection
        return connection
    }

    /// Records `access`, what migration `version` touched, with what the schema after it shows, and keeps the
    /// image of the database it left.
    private func keep(_ access: inout UpgradeMigrationAccess, at version: Int32, of connection: SQLiteConnection)
        throws
    {
        try note(after: version, in: connection, into: &access)
        accesses[version] = access
        self.version = version
        images.keep(try connection.serializedDatabase(), at: version)
    }

    /// Adds to `access` what the schema after migration `version` shows: the tables it left with a new definition
    /// (written), and whether a temporary object or a virtual table makes it opaque.
    private func note(after version: Int32, in connection: SQLiteConnection, into access: inout UpgradeMigrationAccess)
        throws
    {
        var now: [SQLIdentifierKey: String] = [:]
        var virtual = false
        // A virtual table is a table without pages of its own (root page 0).
        let schema = """
            SELECT type, name, sql, type = 'table' AND rootpage = 0 FROM main.sqlite_schema
            WHERE type IN ('table', 'view')
            """
        for row in try connection.rows(sql: schema) {
            guard case .text(let type) = row[0], case .text(let name) = row[1] else { continue }
            let key = name.identifierKey
            now[key] = if case .text(let sql) = row[2] { sql } else { "" }
            if type == "table" && firstTables[key] == nil { firstTables[key] = version }
            virtual = virtual || row[3] == .integer(1)
        }
        for (key, sql) in now where definitions[key] != sql { access.writes.insert(key) }
        definitions = now
        let temporary = try connection.integer(sql: "SELECT count(*) FROM temp.sqlite_schema")
        if virtual || temporary > 0 { access.isOpaque = true }
    }
}
