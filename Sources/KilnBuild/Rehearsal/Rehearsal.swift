import Kiln

/// What one walk of a database's migration chain keeps of the versions it passes, so that no check migrates a
/// database of its own to learn a version's schema: which tables reference which before each migration asked
/// for (the rename lint's question), which tables exist before each migration asked for (the destructive
/// lint's, for `DROP TABLE IF EXISTS`), and the schema model at the newest version (the schema file's).
///
/// A walk fills it as it goes (``record(_:at:)``): `kiln check` lets the first of its two fresh builds do it
/// (``DatabaseBuilder/build(into:sourceDigest:observing:)``), so the chain runs three times in all (the two
/// builds and the upgrade path with data); ``walk(_:)`` runs one on an in-memory database of its own.
package struct Rehearsal: Sendable {
    /// The versions before whose migration the foreign keys are read: the database then is at the version
    /// before.
    package let referencesBefore: Set<Int32>
    /// The versions before whose migration the tables are listed.
    package let tablesBefore: Set<Int32>
    /// Whether the newest version's schema model is kept.
    package let keepsNewestModel: Bool
    /// The newest version of the chain.
    package let newestVersion: Int32
    /// Each asked version's foreign keys: the tables that reference each table (see
    /// `SchemaModel.referencingTables(in:)`), by the migration about to run.
    package private(set) var references: [Int32: [SQLIdentifierKey: [String]]] = [:]
    /// Each asked version's tables (of the main schema, as `sqlite_schema` lists them), by the migration about
    /// to run.
    package private(set) var tables: [Int32: Set<SQLIdentifierKey>] = [:]
    /// The schema model at ``newestVersion``, once the walk got there (and was asked to keep it).
    package private(set) var newestModel: SchemaModel?
    /// The highest version the walk reached; below ``newestVersion`` when a migration failed.
    package private(set) var reached: Int32 = 0

    /// A rehearsal of a chain whose newest version is `newestVersion`, keeping what it is asked for.
    package init(
        newestVersion: Int32, referencesBefore: some Sequence<Int32> = [], tablesBefore: some Sequence<Int32> = [],
        keepsNewestModel: Bool = false
    ) {
        self.newestVersion = newestVersion
        self.referencesBefore = Set(referencesBefore)
        self.tablesBefore = Set(tablesBefore)
        self.keepsNewestModel = keepsNewestModel
    }

    /// Whether a walk has anything to keep.
    package var asksForAnything: Bool { keepsNewestModel || !referencesBefore.isEmpty || !tablesBefore.isEmpty }

    /// Keeps what is asked of `connection`, whose database is at `version`. A read that fails keeps nothing
    /// for that version (its readers then skip it, as they skip versions the walk never reached).
    package mutating func record(_ connection: SQLiteConnection, at version: Int32) {
        reached = max(reached, version)
        if referencesBefore.contains(version + 1) {
            references[version + 1] = try? SchemaModel.referencingTables(in: connection)
        }
        if tablesBefore.contains(version + 1) {
            tables[version + 1] = try? Self.tableNames(in: connection)
        }
        if version == newestVersion && keepsNewestModel { newestModel = try? SchemaModel.read(from: connection) }
    }

    /// Walks `migrator`'s chain on a new in-memory database (``Migrator/freshDatabase(at:onEvent:)``), keeping
    /// what this rehearsal asks for; a migration that fails ends the walk where it is.
    ///
    /// - Returns: the rehearsal as filled.
    package func walk(_ migrator: Migrator) -> Rehearsal {
        var walked = self
        guard asksForAnything else { return walked }
        let latest = min(newestVersion, migrator.migrations.latestVersion)
        _ = try? migrator.freshDatabase(at: latest) { connection, version in walked.record(connection, at: version) }
        return walked
    }

    /// The tables of `connection`'s main schema.
    private static func tableNames(in connection: SQLiteConnection) throws -> Set<SQLIdentifierKey> {
        let rows = try connection.rows(sql: "SELECT name FROM main.sqlite_schema WHERE type = 'table'")
        return Set(
            rows.compactMap { row in
                guard case .text(let name) = row.first else { return nil }
                return name.identifierKey
            })
    }
}
