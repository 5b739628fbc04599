/// How the installer takes over a copy that another migration system made: an app moving to kiln from GRDB's
/// `DatabaseMigrator` or from its own `CREATE TABLE IF NOT EXISTS` code finds, at the first launch of the new
/// version, a copy with tables but no kiln version (`user_version` 0).
///
/// ``version`` reads the copy and says which kiln version its schema is at; the installer then adopts it there
/// (only when its schema is exactly what kiln's migrations 1…N produce, ``ignoredTables`` left out) and
/// migrates it to the bundled version in the same way as any older copy, keeping every row. When the schema
/// differs, the install fails with the differences and the copy is left as it was.
public struct LegacyAdoption: Sendable {
    /// Tables of the old system the schema comparison leaves out, e.g. `grdb_migrations`.
    public var ignoredTables: [String]
    /// The kiln version the copy is at, read from it (a tracking table, or a fixed version for hand-rolled
    /// code); nil when the copy is not one the old system made, which is then refused as before.
    public var version: @Sendable (SQLiteConnection) throws -> Int32?

    /// An adoption from its parts.
    public init(ignoredTables: [String], version: @escaping @Sendable (SQLiteConnection) throws -> Int32?) {
        self.ignoredTables = ignoredTables
        self.version = version
    }

    /// GRDB's `DatabaseMigrator`, which records the identifier of each migration it applied in
    /// `grdb_migrations`. `identifiers` gives, for each registered identifier, the kiln version whose migrations
    /// contain it (several identifiers may share one kiln version); the copy is at the highest kiln version all
    /// of whose identifiers, and all earlier ones', were applied.
    ///
    /// - Returns: the adoption; its ``version`` throws ``UnknownLegacyMigration`` for an applied identifier the
    ///   map does not have.
    public static func grdb(identifiers: [String: Int32]) -> LegacyAdoption {
        LegacyAdoption(ignoredTables: ["grdb_migrations"]) { connection in
            let exists = try connection.integer(
                sql: "SELECT count(*) FROM main.sqlite_schema WHERE type = 'table' AND name = 'grdb_migrations'")
            guard exists > 0 else { return nil }
            let applied = try connection.rows(sql: "SELECT identifier FROM grdb_migrations").compactMap { row in
                if case .text(let identifier) = row.first { identifier } else { nil }
            }
            if let unknown = applied.first(where: { identifiers[$0] == nil }) {
                throw UnknownLegacyMigration(identifier: unknown)
            }
            let appliedSet = Set(applied)
            var reached: Int32 = 0
            for version in Set(identifiers.values).sorted() {
                let needed = identifiers.filter { $0.value == version }.keys
                guard needed.allSatisfy(appliedSet.contains) else { break }
                reached = version
            }
            return reached
        }
    }
}

/// A migration the old system applied that the app's adoption map does not name.
public struct UnknownLegacyMigration: Error, Equatable, CustomStringConvertible {
    /// The identifier the old system recorded.
    public let identifier: String

    /// The error for `identifier`.
    public init(identifier: String) { self.identifier = identifier }

    /// What the copy records that the adoption map does not name.
    public var description: String {
        "the copy records the migration '\(identifier)', which the adoption map does not name"
    }
}
