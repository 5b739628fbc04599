import Kiln

@testable import KilnBuild

/// One generated pair: schema A with rows, schema B derived from it, and the renames between them.
struct PropertyPair {
    let seed: UInt64
    let original: PropertySchema
    let wanted: PropertySchema
    let renames: [SchemaRename]
    let edits: [String]
    /// Whether a table or stored column that holds data is dropped: the planner must refuse without
    /// `allowsDataLoss`.
    let dropsData: Bool
    /// Whether an edit may count as data loss; when false the planner must plan without `allowsDataLoss`.
    let mayLoseData: Bool
    /// Database A at version 1, with generated rows.
    let data: SQLiteConnection
    /// Database B, empty.
    let wantedDatabase: SQLiteConnection

    /// Generates the pair of `seed`: builds A through the migrator, fills it, edits a copy into B.
    ///
    /// - Throws: ``PropertyGeneratorError`` when a generated schema is not valid SQL (a bug of the test).
    static func make(seed: UInt64) throws -> PropertyPair {
        var generator = PropertyGenerator(seed: seed)
        let original = generator.schema()
        let data = try filledDatabase(original)
        var editor = PropertyEditor(generator: generator, original: original, data: data)
        editor.edit()
        var mistyped = original
        mistyped.mistypes = editor.mistypes
        return PropertyPair(
            seed: seed, original: mistyped, wanted: editor.wanted, renames: editor.renames, edits: editor.log,
            dropsData: editor.dropsData, mayLoseData: editor.mayLoseData, data: data,
            wantedDatabase: try emptyDatabase(editor.wanted))
    }

    /// This pair with smaller schemas (for shrinking): A rebuilt and refilled, B rebuilt, renames of what is
    /// gone left out.
    func with(original: PropertySchema, wanted: PropertySchema) throws -> PropertyPair {
        let kept = renames.filter { rename in
            switch rename {
            case .table(let from, let to):
                original.tables.contains { $0.name == from } && wanted.tables.contains { $0.name == to }
            case .column(let table, let from, let to):
                original.tables.contains { source in
                    guard let target = wanted.table(source.id), source.name == table || target.name == table
                    else { return false }
                    return source.columns.contains { $0.name == from } && target.columns.contains { $0.name == to }
                }
            }
        }
        let drops = original.tables.contains { source in
            guard let target = wanted.table(source.id) else { return true }
            return source.columns.contains { $0.generated == nil && target.column($0.id) == nil }
        }
        return PropertyPair(
            seed: seed, original: original, wanted: wanted, renames: kept, edits: edits, dropsData: drops,
            mayLoseData: mayLoseData, data: try Self.filledDatabase(original),
            wantedDatabase: try Self.emptyDatabase(wanted))
    }

    /// A database with `schema`, made by the migrator as migration 1, holding generated rows and its mistyped
    /// values.
    static func filledDatabase(_ schema: PropertySchema) throws -> SQLiteConnection {
        let data = try PropertyStandIns.connection()
        do {
            try PropertyStandIns.migrator(try migrations(schema.script)).migrate(data, to: 1)
        } catch {
            throw PropertyGeneratorError(message: "schema A: \(error)\n\(schema.script)")
        }
        _ = try GeneratedRows.insert(into: data, version: 1)
        for mistype in schema.mistypes { _ = schema.write(mistype, into: data) }
        return data
    }

    /// An empty database with `schema`.
    static func emptyDatabase(_ schema: PropertySchema) throws -> SQLiteConnection {
        let database = try PropertyStandIns.connection()
        do {
            try database.execute(sql: schema.script)
        } catch {
            throw PropertyGeneratorError(message: "schema B: \(error)\n\(schema.script)")
        }
        return database
    }

    /// A's script as migration 1 and, when given, the plan's text as migration 2.
    static func migrations(_ first: String, then second: String? = nil) throws -> MigrationSet {
        var files = [(name: "0001_a.sql", bytes: Array(first.utf8))]
        if let second { files.append((name: "0002_plan.sql", bytes: Array(second.utf8))) }
        return try MigrationSet(database: "property", directoryPath: "migrations/property", files: files)
    }

    /// Everything needed to reproduce a failure: the seed, both schemas, the renames, the edits, the plan.
    func report(plan: SchemaPlan?) -> String {
        var lines = ["seed \(seed)", "edits: \(edits.joined(separator: "; "))"]
        lines.append("renames: \(renames.map(\.description))")
        lines += ["-- schema A", original.script, "-- schema B", wanted.script]
        if let plan { lines += ["-- plan", plan.migrationText(header: [])] }
        return lines.joined(separator: "\n")
    }
}

/// The app's own collation the generated schemas may use, as a project declares it in `kiln.json`
/// (`"collations": { "app_nocase": "NOCASE" }`): registered on every connection the property opens, as kiln
/// registers stand-ins on the connections it migrates and plans with.
enum PropertyStandIns {
    /// The collation's name.
    static let collation = "app_nocase"
    /// The stand-ins.
    static var standIns: StandIns {
        var standIns = StandIns()
        standIns.collations[collation] = .nocase
        return standIns
    }

    /// An in-memory connection with the stand-ins registered.
    static func connection() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: ":memory:")
        try standIns.install(on: connection)
        return connection
    }

    /// A migrator that registers the stand-ins on every connection it migrates.
    static func migrator(_ migrations: MigrationSet) -> Migrator {
        var migrator = Migrator(migrations: migrations)
        let standIns = standIns
        migrator.prepareConnection = { try standIns.install(on: $0) }
        return migrator
    }
}

/// A generated schema SQLite refuses: a bug in the test's generator, not in the planner.
struct PropertyGeneratorError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
