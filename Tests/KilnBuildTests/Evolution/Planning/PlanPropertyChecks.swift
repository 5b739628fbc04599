import Kiln

@testable import KilnBuild

/// The property, checked independently of the planner's own verification: plan A→B (data loss allowed, with
/// the renames), apply the plan to A with rows through the migrator (one transaction, foreign keys off,
/// `foreign_key_check`), then demand B's schema, every row, every kept column's values, no foreign-key
/// violation, and nothing left to plan.
struct PropertyCheck {
    let pair: PropertyPair
    var failures: [String] = []
    var plan: SchemaPlan?

    init(_ pair: PropertyPair) { self.pair = pair }

    /// Runs every check; `failures` says what failed.
    mutating func run() throws {
        checkRefusal()
        do {
            plan = try SchemaPlanner.plan(
                from: pair.data, to: pair.wantedDatabase,
                options: SchemaPlanOptions(renames: pair.renames, allowsDataLoss: true))
        } catch {
            failures.append("planning A→B threw: \(error)")
            return
        }
        guard let plan else { return }
        let before = PropertyRows.read(pair.original, pair: pair)
        let sequences = try PropertyRows.sequences(pair.data)
        do {
            try pair.data.execute(sql: "PRAGMA foreign_keys = ON")
            // The text as kiln writes it, comments quoting the names included, with the placeholders' stand-ins.
            let text = plan.isEmpty ? nil : plan.withStandIns.migrationText(header: ["property pair"])
            try PropertyStandIns.migrator(try PropertyPair.migrations(pair.original.script, then: text))
                .migrate(pair.data, to: plan.isEmpty ? 1 : 2)
        } catch let error as MigrationError where pair.mayLoseData && Self.failsAsWarned(error, plan: plan) {
            // An edit the generator knows may not fit A's rows (a narrowing), and the plan said that rows breaking
            // it make the migration fail: it failed, rolled back, the loud failure kiln promises instead of losing
            // rows. Any other failure of the migration fails the property, and so does a rollback that left
            // anything changed.
            if try Migrator.version(of: pair.data) != 1 { failures.append("a failed migration left version 2") }
            let after = PropertyRows.read(pair.original, pair: pair)
            for (id, rows) in before {
                failures += rows.differences(from: after[id], wanted: pair.original, scratch: nil, mayRemoveRows: false)
                    .map { "after the rollback: \($0)" }
            }
            return
        } catch {
            failures.append("applying the plan failed: \(error)")
            return
        }
        try checkResult(before: before, sequences: sequences)
    }

    /// Without `allowsDataLoss`: a pair dropping data is refused; a pair whose edits lose nothing is planned.
    mutating func checkRefusal() {
        // A pair that may lose data but drops nothing says nothing either way: not planned twice.
        guard pair.dropsData || !pair.mayLoseData else { return }
        let options = SchemaPlanOptions(renames: pair.renames, allowsDataLoss: false)
        do {
            _ = try SchemaPlanner.plan(from: pair.data, to: pair.wantedDatabase, options: options)
            if pair.dropsData { failures.append("a drop was planned without allowsDataLoss") }
        } catch let error as SchemaPlanError {
            if case .dataLossRefused = error.reason {
                if !pair.mayLoseData { failures.append("refused a change that loses nothing: \(error.reason)") }
            } else {
                failures.append("planning without allowsDataLoss threw: \(error.reason)")
            }
        } catch {
            failures.append("planning without allowsDataLoss threw: \(error)")
        }
    }

    /// The schema, the rows, the foreign keys, and re-planning.
    mutating func checkResult(before: [Int: PropertyRows], sequences: [String: Int64]) throws {
        let wantedModel = try SchemaModel.read(from: pair.wantedDatabase)
        let differences = SchemaDifference.compare(expected: wantedModel, actual: try SchemaModel.read(from: pair.data))
        failures += differences.map { "schema differs from B: \($0)" }
        let violations = try pair.data.rows(sql: "PRAGMA foreign_key_check")
        if !violations.isEmpty { failures.append("foreign_key_check: \(violations)") }
        // SQLite 3.40 reports "NULL value in t.c" for a NOT NULL column before the key of a WITHOUT ROWID table
        // that holds no NULL (`CREATE TABLE a(c REAL NOT NULL, id INTEGER PRIMARY KEY) WITHOUT ROWID`, one
        // row): those lines are left out, and the schema comparison checks NOT NULL instead.
        let integrity = try pair.data.rows(sql: "PRAGMA integrity_check").filter { row in
            guard case .text(let line) = row.first else { return true }
            return line != "ok" && !line.hasPrefix("NULL value in ")
        }
        if !integrity.isEmpty { failures.append("integrity_check: \(integrity)") }
        let after = PropertyRows.read(pair.wanted, pair: pair)
        // A plan never leaves rows out: every row is kept, with its values, but those its placeholders convert.
        let scratch = try PropertyStandIns.connection()
        let converted = convertedColumns()
        for (id, rows) in before {
            failures += rows.differences(
                from: after[id], wanted: pair.wanted, converted: converted, scratch: scratch, mayRemoveRows: false)
        }
        let newSequences = try PropertyRows.sequences(pair.data)
        for table in pair.wanted.tables where table.isAutoincrement {
            guard let source = pair.original.table(table.id), source.isAutoincrement,
                let old = sequences[source.name.lowercased()]
            else { continue }
            let new = newSequences[table.name.lowercased()] ?? 0
            if new < old { failures.append("sqlite_sequence of \(table.name): \(old) → \(new)") }
        }
        try checkReplanning()
    }

    /// Planning the migrated database to B, and B to B, is empty.
    mutating func checkReplanning() throws {
        for (label, current) in [("migrated A→B", pair.data), ("B→B", pair.wantedDatabase)] {
            do {
                let again = try SchemaPlanner.plan(from: current, to: pair.wantedDatabase)
                if !again.isEmpty {
                    failures.append("planning \(label) is not empty:\n" + again.migrationText(header: []))
                }
            } catch {
                failures.append("planning \(label) threw: \(error)")
            }
        }
    }

    /// The ids of B's columns whose values the plan converts through a placeholder (a narrowed type).
    func convertedColumns() -> Set<Int> {
        var ids: Set<Int> = []
        for case .changesValues(let tableName, let columnName, .narrowsType) in plan?.risks ?? [] {
            guard let table = pair.wanted.tables.first(where: { $0.name.isSameIdentifier(as: tableName) }),
                let column = table.columns.first(where: { $0.name.isSameIdentifier(as: columnName) })
            else { continue }
            ids.insert(column.id)
        }
        return ids
    }

    /// Whether `error` is a constraint failure (or a foreign-key violation, or a guarded conversion stopping at
    /// a value it would change) and the plan warned that such rows make the migration fail.
    static func failsAsWarned(_ error: MigrationError, plan: SchemaPlan) -> Bool {
        let text = "\(error)"
        let isConstraint =
            text.contains("constraint failed") || text.contains("foreign key violation")
            || ConversionGuard.isFailure(text)
        return isConstraint && plan.dataLosses.contains { $0.contains("make this migration fail") }
    }
}
