import Kiln

/// Fills one table with rows SQLite accepts: for each row it binds one candidate per slot, runs a plain INSERT
/// inside a savepoint, and on an error moves the slots SQLite blamed to their next candidate, a bounded number
/// of times. SQLite is the judge of every constraint (with `PRAGMA foreign_keys` on, of foreign keys too).
final class TableFiller {
    /// Attempts per row before it is given up.
    static let maximumAttempts = 32
    /// Parent rows offered to one row's foreign key.
    static let parentsPerRow = 8

    /// The table filled.
    let table: UpgradeTable
    /// Its slots.
    let slots: [ValueSlot]
    /// Slots of foreign keys to another table that had no rows when this one was filled (a cycle).
    private(set) var deferredSlots: [Int] = []
    /// Whether a deferred slot refuses NULL (a cycle over NOT NULL keys): its rows are inserted with foreign
    /// keys deferred (`PRAGMA defer_foreign_keys`), pointing at keys that do not exist yet, until
    /// ``CycleRepair`` points them at real parent rows, as an app does in one transaction.
    var needsDeferredKeys: Bool { deferredSlots.contains { !slots[$0].allowsNull } }
    /// SQLite's message for the last rejected row.
    private(set) var lastMessage: String?
    /// Whether a row was given up after UNIQUE or PRIMARY KEY refused some of its candidates: the values the
    /// schema allows are likely used up (a CHECK that allows five codes, five rows).
    private(set) var isFull = false

    private let connection: SQLiteConnection
    /// The run's schema-text cache.
    private let cache: SchemaTextCache
    private let insert: SQLiteStatement
    private let savepoint: SQLiteSavepoint
    /// The candidate plan of each insertable column.
    let plans: [ColumnCandidates]
    private var parentKeys: [Int: [[SQLiteValue]]] = [:]
    /// The prepared parent-key query of each self-referencing slot, run again for every row.
    private var selfQueries: [Int: SQLiteStatement] = [:]
    private var blameByMessage: [String: [Int]] = [:]
    private let positionByKey: [SQLIdentifierKey: Int]
    /// Values of single-column slots that a rule on that column alone (a CHECK, NOT NULL, a STRICT type)
    /// rejected in an earlier row: later rows skip them.
    private var rejected: [Int: [[SQLiteValue]]] = [:]
    /// How many preferred values of each slot a rule on that column alone rejected: after two (an `IN` list
    /// refusing empty and long text), later rows stop offering it unusual values.
    private var refusedPreferences: [Int: Int] = [:]

    /// Prepares the INSERT and reads the parents' keys.
    ///
    /// - Throws: ``SQLiteError`` when the statement cannot be prepared or a parent cannot be read.
    init(
        table: UpgradeTable, tables: [SQLIdentifierKey: TableSchema], uses: ColumnUses,
        connection: SQLiteConnection, savepoint: SQLiteSavepoint, cache: SchemaTextCache
    ) throws {
        self.table = table
        self.cache = cache
        self.connection = connection
        slots = ValueSlot.slots(of: table)
        positionByKey = Dictionary(
            table.columns.enumerated().map { ($1.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        plans = cache.plans(for: table, uses: uses)
        self.savepoint = savepoint
        insert = try connection.prepare(sql: table.insertSQL)
        for (index, slot) in slots.enumerated() {
            guard let key = slot.foreignKey, let sql = ValueSlot.parentKeySQL(of: key, tables: tables) else { continue }
            // A self-reference reads its rows again for every row: earlier rows of this call count.
            guard !key.parent.isSameIdentifier(as: table.name) else {
                selfQueries[index] = try connection.prepare(sql: sql)
                continue
            }
            let keys = try connection.rows(sql: sql)
            parentKeys[index] = keys
            if keys.isEmpty { deferredSlots.append(index) }
        }
    }

    /// Inserts one row numbered `serial`, trying `preferences` (values by slot) first.
    ///
    /// - Returns: whether a row was inserted.
    /// - Throws: ``SQLiteError`` when the enclosing transaction was lost, or the schema cannot be read.
    func insertRow(serial: Int64, preferences wanted: [Int: [SQLiteValue]] = [:]) throws -> Bool {
        let preferences = wanted.filter { slot, tuple in
            refusedPreferences[slot, default: 0] < 2 && rejected[slot]?.contains(tuple) != true
        }
        var lists: [[[SQLiteValue]]?] = Array(repeating: nil, count: slots.count)
        // How far each slot has moved down its list; the slot moved least is the one moved next.
        var chosen = Array(repeating: 0, count: slots.count)
        var values = Array(repeating: SQLiteValue.null, count: table.columns.count)
        for (index, slot) in slots.enumerated() {
            var tuple = try preferences[index] ?? first(for: index, serial: serial)
            if rejected[index]?.contains(tuple) == true {
                let list = try candidates(for: index, serial: serial, preferred: preferences[index])
                lists[index] = list
                tuple = list[0]
            }
            for (offset, position) in slot.positions.enumerated() { values[position] = tuple[offset] }
        }
        var sawUniqueness = false
        for _ in 0..<Self.maximumAttempts {
            guard let error = try savepoint.attempt({ insert.attempt(binding: values) }) else { return true }
            guard !connection.isAutocommit else { throw error }
            lastMessage = error.message
            sawUniqueness =
                sawUniqueness || error.code.matches(.constraintUnique) || error.code.matches(.constraintPrimaryKey)
            let blamed = blamedSlots(error)
            remember(
                error, blamed: blamed, values: values, wasPreferred: { chosen[$0] == 0 && preferences[$0] != nil })
            var movable: [Int] = []
            for index in blamed {
                if lists[index] == nil {
                    lists[index] = try candidates(for: index, serial: serial, preferred: preferences[index])
                }
                if chosen[index] + 1 < lists[index]?.count ?? 0 { movable.append(index) }
            }
            guard let next = movable.min(by: { chosen[$0] < chosen[$1] }), let list = lists[next] else {
                isFull = sawUniqueness
                return false
            }
            chosen[next] += 1
            for (offset, position) in slots[next].positions.enumerated() {
                values[position] = list[chosen[next]][offset]
            }
        }
        isFull = sawUniqueness
        return false
    }

    /// Remembers a value a rule on its column alone rejected (when SQLite blamed one plain slot), so that later
    /// rows skip it, and counts it against the slot's unusual values when it was one (`wasPreferred`).
    private func remember(
        _ error: SQLiteError, blamed: [Int], values: [SQLiteValue], wasPreferred: (Int) -> Bool
    ) {
        guard blamed.count == 1, Self.rejectsValueAlone(error), slots[blamed[0]].foreignKey == nil else { return }
        rejected[blamed[0], default: []].append(slots[blamed[0]].positions.map { values[$0] })
        if wasPreferred(blamed[0]) { refusedPreferences[blamed[0], default: 0] += 1 }
    }

    /// The first candidate tuple of slot `index` for row `serial`, as ``candidates(for:serial:preferred:)``
    /// would list it, without listing the others.
    private func first(for index: Int, serial: Int64) throws -> [SQLiteValue] {
        let slot = slots[index]
        guard slot.foreignKey != nil else { return [plans[slot.positions[0]].first(serial: serial)] }
        guard let keys = parentKeys[index], !keys.isEmpty, rejected[index] == nil else {
            return try candidates(for: index, serial: serial, preferred: nil)[0]
        }
        return keys[Int((serial &+ Int64(index) &* 7).magnitude % UInt64(keys.count))]
    }

    /// The candidate tuples of slot `index` for row `serial`: never empty (a lone NULL lets SQLite say why
    /// no value fits).
    private func candidates(for index: Int, serial: Int64, preferred: [SQLiteValue]?) throws -> [[SQLiteValue]] {
        var list = try candidates(for: index, serial: serial)
        if let preferred {
            list.removeAll { $0 == preferred }
            list.insert(preferred, at: 0)
        }
        guard let known = rejected[index] else { return list }
        let kept = list.filter { !known.contains($0) }
        return kept.isEmpty ? list : kept
    }

    /// Runs a prepared query again.
    ///
    /// - Returns: its rows.
    private static func rows(of query: SQLiteStatement) throws -> [[SQLiteValue]] {
        try query.reset()
        var rows: [[SQLiteValue]] = []
        while try query.step() { rows.append((0..<query.columnCount).map(query.value(at:))) }
        return rows
    }

    /// Whether `error` is a rule a value breaks by itself, whatever the other rows hold (a CHECK, NOT NULL, a
    /// STRICT type), unlike UNIQUE or a foreign key.
    private static func rejectsValueAlone(_ error: SQLiteError) -> Bool {
        let datatype = SQLiteResultCode(rawValue: 3091)  // SQLITE_CONSTRAINT_DATATYPE
        return error.code.matches(.constraintCheck) || error.code.matches(.constraintNotNull)
            || error.code.matches(datatype)
    }

    /// The candidate tuples of slot `index` for row `serial`.
    private func candidates(for index: Int, serial: Int64) throws -> [[SQLiteValue]] {
        let slot = slots[index]
        let nulls = Array(repeating: SQLiteValue.null, count: slot.positions.count)
        guard slot.foreignKey != nil else {
            let values = plans[slot.positions[0]].values(serial: serial)
            return values.isEmpty ? [nulls] : values.map { [$0] }
        }
        let keys = try parentKeys[index] ?? selfQueries[index].map(Self.rows(of:)) ?? []
        // Each key starts at its own parent, so two keys to one table (a pair that must differ) do not agree.
        var list = Rotation.rotated(keys, by: serial &+ Int64(index) &* 7, limit: Self.parentsPerRow)
        if list.isEmpty && !slot.allowsNull {
            // A cycle over NOT NULL keys: a value of each column's kind, for the repair to replace.
            return [slot.positions.map { plans[$0].first(serial: serial) }]
        }
        if slot.allowsNull || list.isEmpty { list.insert(nulls, at: min(1, list.count)) }
        return list
    }

    /// The slots whose columns SQLite's message names (the columns of a failed NOT NULL, UNIQUE, PRIMARY KEY or
    /// datatype rule, or named in a failed CHECK), every foreign key's for a foreign-key failure, or all.
    private func blamedSlots(_ error: SQLiteError) -> [Int] {
        if error.code.matches(.constraintForeignKey) {
            return slots.indices.filter { slots[$0].foreignKey != nil }
        }
        if let known = blameByMessage[error.message] { return known }
        let blamed = slotsNamed(in: error.message)
        blameByMessage[error.message] = blamed
        return blamed
    }

    /// The slots whose columns `message` names, or all.
    private func slotsNamed(in message: String) -> [Int] {
        let names = cache.names(inMessage: message)
        let positions = Set(names.compactMap { positionByKey[$0] })
        let blamed = slots.indices.filter { !positions.isDisjoint(with: slots[$0].positions) }
        return blamed.isEmpty ? Array(slots.indices) : blamed
    }
}
