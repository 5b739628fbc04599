import Kiln

/// Where the data of a migration's tables goes, statement by statement (``MigrationDataStep``): whether what a
/// `DROP TABLE` or `DROP COLUMN` destroys was copied first to a place that outlives the migration, and whether a
/// table is dropped after a statement. A copy counts when its target survives to the end of the migration —
/// followed through renames, and through a later drop only when that drop's data was copied on in turn — and
/// is not a `TEMP` table (gone when the connection closes).
struct MigrationDataFlow {
    /// One step and the statement it belongs to.
    private struct Entry {
        let statement: Int
        let step: MigrationDataStep
    }

    private let entries: [Entry]

    /// The flow of `migration`'s statements.
    init(_ migration: Migration) {
        let lexer = SQLLexer(bytes: migration.source.bytes)
        entries = migration.statements.enumerated().flatMap { index, range in
            LintStatement(range, lexer: lexer).dataSteps.map { Entry(statement: index, step: $0) }
        }
    }

    /// Whether the drop at statement `index` loses nothing: it drops a `TEMP` table the migration created, or
    /// every row (or the column's values) was copied first to a place that outlives the migration.
    func dropKeepsData(atStatement index: Int) -> Bool {
        guard let position = entries.firstIndex(where: { $0.statement == index }) else { return false }
        var known: [Known: Bool] = [:]
        switch entries[position].step {
        case .dropTable(let table):
            return temporaryTables(before: position).contains(table)
                || isCopied(DataPlace(table: table), since: -1, before: position, known: &known)
        case .dropColumn(let table, let column):
            return isCopied(DataPlace(table: table, column: column), since: -1, before: position, known: &known)
        default: return false
        }
    }

    /// Whether the table named `table` just before statement `index` is dropped later in the migration,
    /// followed through its renames: a rebuild, after which nothing of its definition then survives.
    func isDropped(_ table: SQLIdentifierKey, afterStatement index: Int) -> Bool {
        var name = table
        for entry in entries where entry.statement > index {
            switch entry.step {
            case .dropTable(name): return true
            case .renameTable(name, let new): name = new
            default: continue
            }
        }
        return false
    }

    /// Whether table `table` exists just before statement `index`, starting from `before` (the tables the
    /// database had when the migration began; nil when unknown, so only what the migration did is known).
    func exists(_ table: SQLIdentifierKey, beforeStatement index: Int, tables before: Set<SQLIdentifierKey>?) -> Bool? {
        var state = before.map { $0.contains(table) }
        for entry in entries where entry.statement < index {
            switch entry.step {
            case .create(table, _): state = true
            case .dropTable(table): state = false
            case .renameTable(table, _): state = false
            case .renameTable(_, table): state = true
            default: continue
            }
        }
        return state
    }

    /// A question already answered: whether `place`'s data, as of step `since`, survives.
    private struct Known: Hashable {
        let place: DataPlace
        let since: Int
    }

    /// Whether a step after `since` and before `end` copied what `place` holds to a place that survives.
    private func isCopied(_ place: DataPlace, since: Int, before end: Int, known: inout [Known: Bool]) -> Bool {
        guard since + 1 < end else { return false }
        for position in (since + 1)..<end {
            guard case .copy(let sources, let target) = entries[position].step, target != place,
                sources.contains(where: { $0.covers(place) })
            else { continue }
            if survives(target, after: position, known: &known) { return true }
        }
        return false
    }

    /// Whether the data written to `place` at step `start` is still there when the migration ends.
    private func survives(_ place: DataPlace, after start: Int, known: inout [Known: Bool]) -> Bool {
        let key = Known(place: place, since: start)
        if let answer = known[key] { return answer }
        var current = place
        var answer: Bool?
        for position in (start + 1)..<entries.count where answer == nil {
            let step = entries[position].step
            if step.destroys(current) {
                answer = isCopied(current, since: start, before: position, known: &known)
            } else if case .renameTable(current.table, let new) = step {
                current.table = new
            } else if case .renameColumn(current.table, let old, let new) = step, old == current.column {
                current.column = new
            }
        }
        let survived = answer ?? !temporaryTables(before: entries.count).contains(current.table)
        known[key] = survived
        return survived
    }

    /// The `TEMP` tables the migration created that exist just before step `end`.
    private func temporaryTables(before end: Int) -> Set<SQLIdentifierKey> {
        var tables = Set<SQLIdentifierKey>()
        for entry in entries[..<end] {
            switch entry.step {
            case .create(let table, let temporary):
                if temporary { tables.insert(table) } else { tables.remove(table) }
            case .dropTable(let table): tables.remove(table)
            case .renameTable(let from, let to):
                if tables.remove(from) != nil { tables.insert(to) } else { tables.remove(to) }
            default: continue
            }
        }
        return tables
    }
}
