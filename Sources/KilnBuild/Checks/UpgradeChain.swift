import Kiln

/// The cumulative chain of ``UpgradePathCheck``: one database, migrated one version at a time, receiving each
/// version's generated rows, so that N versions cost N migrations and memory holds one database.
struct UpgradeChain {
    let check: UpgradePathCheck
    /// Versions whose fixture replaces their generated rows (the fixture gets a path of its own).
    let fixtureVersions: Set<Int32>
    /// The generator's notes and kiln's own failures, each once.
    private(set) var notes: [CheckFinding] = []
    private var seenNotes: Set<String> = []

    init(check: UpgradePathCheck, fixtureVersions: Set<Int32>) {
        self.check = check
        self.fixtureVersions = fixtureVersions
    }

    /// One cumulative database of the chain: its connection, the version its rows start from, and each table's
    /// definition when it last got rows.
    struct Track {
        var connection: SQLiteConnection
        /// The version the database started from (it lost its rows there).
        var start: Int32 = 1
        /// The version it is at.
        var version: Int32 = 0
        // Only tables a migration creates or redefines get new rows (the others hold theirs, which go on
        // through every later migration), so the rows inserted over the whole chain grow with the number of
        // table changes, not with versions × tables.
        var filled: [SQLIdentifierKey: TableDefinition] = [:]
        /// The ``EdgeRow`` kinds its rows include.
        let edges: [EdgeRow]

        init(edges: [EdgeRow], start: Int32) throws {
            connection = try SQLiteConnection(path: ":memory:")
            self.edges = edges
            self.start = start
        }
    }

    /// Runs the chain to `latest`; a failing migration goes to `groups` with the versions it affects, graded
    /// by ``OrdinaryTrack``, and the chain goes on.
    ///
    /// - Throws: ``SQLiteError`` or ``MigrationError`` when the check itself cannot run.
    mutating func run(to latest: Int32, into groups: inout UpgradeFindingGroups) throws {
        // The chain every version's rows go through, adversarial rows included; the ordinary one follows it
        // only when it fails, to tell an error from a risk.
        var chain = try Track(edges: EdgeRow.allCases, start: check.firstStart)
        var ordinary = try Track(edges: EdgeRow.ordinary, start: check.firstStart)
        for version in 1...latest {
            check.progress(.upgradePaths(version: version, of: latest))
            do {
                try check.migrator.migrate(chain.connection, to: version)
            } catch let error as MigrationError where error.isAboutTheMigration {
                try grade(error, at: version, chain: &chain, ordinary: &ordinary, into: &groups)
            }
            chain.version = version
            try fill(&chain, at: version)
        }
        try inspect(chain, ordinary: &ordinary, latest: latest, into: &groups)
    }

    /// Fills the tables `track`'s migration to `version` created or redefined; without rows when kiln's own rows
    /// broke the schema (rather than blame a later migration).
    mutating func fill(_ track: inout Track, at version: Int32) throws {
        guard !fixtureVersions.contains(version), check.isStart(version) else { return }
        let definitions = try Self.tableDefinitions(track.connection)
        let changed = definitions.filter { track.filled[$0.key] != $0.value }
        guard !changed.isEmpty else { return }
        track.filled = definitions
        if try !fill(track.connection, version: version, only: changed, edges: track.edges) {
            track.connection = try schemaOnly(at: version)
            track.filled = [:]
        }
    }

    /// A table's name and `CREATE TABLE` text.
    struct TableDefinition: Equatable {
        let name: String
        let sql: String
    }

    /// Each table's `CREATE TABLE` text, by name.
    ///
    /// - Throws: ``SQLiteError``.
    /// - Returns: the definitions of the `main` schema's tables.
    static func tableDefinitions(_ connection: SQLiteConnection) throws -> [SQLIdentifierKey: TableDefinition] {
        var definitions: [SQLIdentifierKey: TableDefinition] = [:]
        let query =
            "SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        for row in try connection.rows(sql: query) {
            if case .text(let name) = row[0], case .text(let sql) = row[1] {
                definitions[name.identifierKey] = TableDefinition(name: name, sql: sql)
            }
        }
        return definitions
    }

    /// A database with the schema of `version` and no rows (a copy from the check's ``UpgradeSchemaWalk``).
    ///
    /// - Throws: ``SQLiteError`` or ``MigrationError``.
    /// - Returns: its connection.
    func schemaOnly(at version: Int32) throws -> SQLiteConnection {
        try check.schemaWalk.database(at: version, check.migrator)
    }

    /// Inserts the generated rows of `version` and proves the schema accepts them.
    ///
    /// - Throws: ``SQLiteError`` when the checks cannot run.
    /// - Returns: false when the rows break the schema's integrity (the version's rows must then go). Rows
    ///   whose foreign keys point nowhere are deleted. Either is kiln's fault, not the migrations', and gets a
    ///   note naming the table.
    /// Only the filled tables are checked: they alone got new rows (the others' rows were checked when they
    /// got theirs, and a migration since would have failed on a broken one), so the checks cost what the new
    /// rows do, not what the whole chain's data does.
    private mutating func fill(
        _ chain: SQLiteConnection, version: Int32, only tables: [SQLIdentifierKey: TableDefinition], edges: [EdgeRow]
    ) throws -> Bool {
        let names = tables.values.map(\.name).sorted()
        do {
            note(
                try GeneratedRows.insert(
                    into: chain, version: version, edges: edges, only: Set(tables.keys), uses: check.uses,
                    cache: check.schemaText))
        } catch let error as SQLiteError {
            // The insert is one transaction: it rolled back, the chain holds what it held before.
            note([rejected(version, table: nil, problem: error.message)])
            return true
        }
        let orphans = try OrphanRows.remove(from: chain, tables: names)
        if let first = orphans.first {
            note([rejected(version, table: first.table, problem: "rows referencing missing rows of \(first.parent)")])
            guard orphans.clean else { return false }
        }
        // quick_check: every row against NOT NULL, CHECK and the column types, without the index
        // cross-checks that inserts through SQLite cannot break (and that would cost most of the time).
        for name in names {
            let integrity = try chain.rows(sql: "PRAGMA main.quick_check(\(SQLText.literal(name)))")
            guard integrity == [["ok"]] else {
                note([rejected(version, table: nil, problem: "quick_check: \(integrity.first?.first ?? .null)")])
                return false
            }
        }
        return true
    }

    func rejected(_ version: Int32, table: String?, problem: String) -> CheckFinding {
        CheckFinding(
            .generatedRowsRejected(database: check.database, version: version, table: table, problem: problem))
    }

    /// Keeps each note once, whatever version repeats it.
    mutating func note(_ findings: [CheckFinding]) {
        for finding in findings {
            var key = finding.diagnostics.map { "\($0.location.map { "\($0)" } ?? ""): \($0.message)" }.joined()
            if case .generatedRowsRejected(_, _, let table, let problem) = finding.reason {
                key = "rejected \(table ?? "") \(problem)"
            }
            // A table left empty is said once, at the first version, where the table got its definition.
            if case .tableNotPopulated(let table, let version, let message) = finding.reason {
                key = "unpopulated \(table.identifierKey) \(message)"
                guard seenNotes.insert(key).inserted else { continue }
                let origin = version.flatMap {
                    TableOrigin.location(of: table, in: check.migrator.migrations, through: $0)
                }
                notes.append(CheckFinding(finding.reason, at: origin ?? finding.location))
                continue
            }
            if seenNotes.insert(key).inserted { notes.append(finding) }
        }
    }
}
