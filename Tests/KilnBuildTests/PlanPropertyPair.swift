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
        let data = try SQLiteConnection(path: ":memory:")
        do {
            try Migrator(migrations: try migrations(original.script)).migrate(data, to: 1)
        } catch {
            throw PropertyGeneratorError(message: "schema A: \(error)\n\(original.script)")
        }
        _ = try GeneratedRows.insert(into: data, version: 1)
        var editor = PropertyEditor(generator: generator, original: original, data: data)
        editor.edit()
        let wantedDatabase = try SQLiteConnection(path: ":memory:")
        do {
            try wantedDatabase.execute(sql: editor.wanted.script)
        } catch {
            throw PropertyGeneratorError(message: "schema B: \(error)\n\(editor.wanted.script)")
        }
        return PropertyPair(
            seed: seed, original: original, wanted: editor.wanted, renames: editor.renames, edits: editor.log,
            dropsData: editor.dropsData, mayLoseData: editor.mayLoseData, data: data, wantedDatabase: wantedDatabase)
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

/// A generated schema SQLite refuses: a bug in the test's generator, not in the planner.
struct PropertyGeneratorError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
