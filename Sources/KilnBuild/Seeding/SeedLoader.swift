import Foundation
import Kiln

/// Loads CSV seeds into a database, all tables in one transaction: any error rolls everything back and the
/// database is exactly what it was.
///
/// Each file's header names columns of its table (a subset; the rest take their defaults), matched against
/// the database's own schema, which is the only source of identifiers in the SQL kiln writes; values are
/// always bound, typed by the column's affinity (``ColumnAffinity``): an integer literal binds a 64-bit
/// integer in an INTEGER column, a decimal literal a correctly rounded double in a REAL column, anything else
/// its exact text. An empty unquoted field is NULL and `""` is the empty string.
///
/// Tables load parents before children (by their foreign keys; tables in a cycle in file order), with
/// foreign-key enforcement off while rows go in and `PRAGMA foreign_key_check` before the commit, so the
/// order of rows and files never matters and a violation is reported at the CSV line that caused it. When a
/// table is empty, its explicit indexes are dropped and re-created after its rows are in, inside the same
/// transaction, which is much faster than maintaining them row by row.
///
/// ## Topics
/// - ``load(into:progress:)``
/// - ``SeedMode``
/// - ``SeedDurability``
public struct SeedLoader: Sendable {
    /// The seed files to load.
    public let files: [SeedFile]
    /// How existing rows are treated.
    public var mode: SeedMode
    /// Journaled or not.
    public var durability: SeedDurability
    /// The page cache used while inserting rows, in KiB: large, so indexes that stay in place are maintained
    /// in memory.
    public var cacheKiB = 32 * 1024
    /// The page cache used while re-creating indexes, in KiB. SQLite's sorter sizes its in-memory runs from
    /// the cache; measured here (1,000,000 rows, one TEXT index), small runs merged by worker threads build
    /// the index about twice as fast as one large in-memory sort.
    public var sortCacheKiB = 2000
    /// Worker threads for SQLite's sorter while re-creating indexes (`PRAGMA threads`).
    public var sortThreads = min(4, ProcessInfo.processInfo.activeProcessorCount)

    /// A loader for `files`.
    public init(files: [SeedFile], mode: SeedMode = .insert, durability: SeedDurability = .full) {
        self.files = files
        self.mode = mode
        self.durability = durability
    }

    /// A header matched to its table.
    struct PlannedFile {
        let file: SeedFile
        let table: TableSchema
        /// The table column for each CSV field, in field order.
        let columns: [TableSchema.Column]
    }

    /// Loads every file into `connection`'s main database.
    ///
    /// - Parameters:
    ///   - connection: a connection outside any transaction.
    ///   - progress: called every 16,384 rows.
    /// - Returns: what happened to each table, in load order.
    /// - Throws: ``SeedError`` or ``CSVError`` pointing into the seed file; the database is unchanged.
    @discardableResult
    public func load(into connection: SQLiteConnection, progress: ((SeedProgress) -> Void)? = nil) throws
        -> [SeedTableReport]
    {
        let tables = try TableSchema.readAll(from: connection)
        let plan = try self.plan(tables: tables)
        let foreignKeysWereOn = try connection.integer(sql: "PRAGMA foreign_keys") == 1
        let previousCache = try connection.integer(sql: "PRAGMA cache_size")
        let previousThreads = try connection.integer(sql: "PRAGMA threads")
        try connection.execute(sql: "PRAGMA foreign_keys = OFF; PRAGMA cache_size = -\(cacheKiB)")
        if durability == .unjournaled {
            _ = try connection.rows(sql: "PRAGMA journal_mode = OFF")
            try connection.execute(sql: "PRAGMA synchronous = OFF")
        }
        var result: [SeedTableReport] = []
        do {
            var tracker = ProgressTracker(callback: progress)
            result = try connection.transaction(.immediate) {
                var reports: [SeedTableReport] = []
                for (index, planned) in plan.enumerated() {
                    reports.append(try loadTable(planned, index: index, connection: connection, tracker: &tracker))
                }
                if mode == .sync {
                    for (index, planned) in plan.enumerated().reversed() {
                        let deleted = try deleteMissing(planned, index: index, connection: connection)
                        let old = reports[index]
                        reports[index] = SeedTableReport(
                            table: old.table, file: old.file, rows: old.rows, inserted: old.inserted,
                            updated: old.updated, deleted: deleted)
                    }
                }
                try SeedFailureExplainer.checkForeignKeys(plan: plan, mode: mode, connection: connection)
                if mode != .insert {
                    for index in plan.indices {
                        try connection.execute(sql: "DROP TABLE temp.\(quoted("kiln_seen_\(index)"))")
                    }
                }
                return reports
            }
        } catch {
            try restore(
                connection, foreignKeys: foreignKeysWereOn, cache: previousCache, threads: previousThreads,
                whileFailing: true)
            throw error
        }
        try restore(
            connection, foreignKeys: foreignKeysWereOn, cache: previousCache, threads: previousThreads,
            whileFailing: false)
        return result
    }

    /// Puts the connection's settings back; while another error is being thrown, a failure here is not
    /// reported (the connection belongs to the caller, and the load's error says what went wrong).
    private func restore(
        _ connection: SQLiteConnection, foreignKeys: Bool, cache: Int64, threads: Int64, whileFailing: Bool
    ) throws {
        do {
            try connection.execute(
                sql: "PRAGMA cache_size = \(cache); PRAGMA threads = \(threads)"
                    + (foreignKeys ? "; PRAGMA foreign_keys = ON" : ""))
        } catch {
            if !whileFailing { throw error }
        }
    }

    // MARK: - Planning

    /// Matches every file to its table and header, reporting all problems at once, and orders the files
    /// parents first.
    func plan(tables: [String: TableSchema]) throws -> [PlannedFile] {
        var diagnostics: [Diagnostic] = []
        var planned: [PlannedFile] = []
        let tableList = tables.values.map(\.name).sorted().joined(separator: ", ")
        for file in files {
            let start = SourceLocation(path: file.displayPath, line: 1, column: 1)
            guard let table = tables[file.tableName.lowercased()] else {
                diagnostics.append(
                    Diagnostic(
                        .error, "no table '\(file.tableName)' in the database", at: start,
                        hint: tableList.isEmpty
                            ? "the database has no tables; run its migrations first"
                            : "name the file after one of its tables: \(tableList)"))
                continue
            }
            if mode != .insert && table.primaryKey.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, "--mode \(mode.rawValue) needs a primary key, and table '\(table.name)' has none",
                        at: start,
                        hint: "give the table a PRIMARY KEY in a migration, or load it with --mode insert"))
                continue
            }
            do {
                let columns = try header(of: file, table: table)
                if mode != .insert {
                    let missing = table.primaryKey.filter { key in !columns.contains { $0.name == key.name } }
                    if !missing.isEmpty {
                        diagnostics.append(
                            Diagnostic(
                                .error,
                                "--mode \(mode.rawValue) matches rows by primary key, but the header lacks \(missing.map { "'\($0.name)'" }.joined(separator: ", "))",
                                at: start,
                                hint: "add the primary key columns to the header"))
                        continue
                    }
                }
                planned.append(PlannedFile(file: file, table: table, columns: columns))
            } catch let error as DiagnosticError {
                diagnostics += error.diagnostics
            }
        }
        guard diagnostics.isEmpty else { throw SeedError(diagnostics) }
        return Self.parentsFirst(planned)
    }

    /// Reads and checks a file's header: every name a column of the table, none twice, none generated.
    private func header(of file: SeedFile, table: TableSchema) throws -> [TableSchema.Column] {
        let reader = try CSVReader(path: file.path, displayPath: file.displayPath, delimiter: file.delimiter)
        guard try reader.next() else {
            throw SeedError(
                Diagnostic(
                    .error, "the file is empty", at: SourceLocation(path: file.displayPath, line: 1, column: 1),
                    hint:
                        "the first line must name the columns, e.g. \(table.columns.prefix(3).map(\.name).joined(separator: ","))"
                ))
        }
        var diagnostics: [Diagnostic] = []
        var columns: [TableSchema.Column] = []
        var seen: [String: Int] = [:]
        let insertable = table.columns.filter { !$0.isGenerated && !$0.isHidden }.map(\.name)
        for field in reader.fields {
            let name = reader.string(of: field)
            let location = reader.location(of: field)
            guard let column = table.column(named: name), !column.isHidden else {
                let suggestion = Suggestion.closest(to: name, among: insertable).map { "did you mean '\($0)'? " } ?? ""
                diagnostics.append(
                    Diagnostic(
                        .error, "table '\(table.name)' has no column '\(name)'", at: location,
                        hint: suggestion + "its columns are: \(insertable.joined(separator: ", "))"))
                continue
            }
            if column.isGenerated {
                diagnostics.append(
                    Diagnostic(
                        .error, "column '\(column.name)' is generated and cannot be loaded", at: location,
                        hint: "remove it from the header; SQLite computes it"))
                continue
            }
            if let first = seen[column.name.lowercased()] {
                diagnostics.append(
                    Diagnostic(
                        .error, "column '\(column.name)' appears twice in the header", at: location,
                        hint: "it was already named at column \(first); remove one of them"))
                continue
            }
            seen[column.name.lowercased()] = field.column
            columns.append(column)
        }
        guard diagnostics.isEmpty else { throw SeedError(diagnostics) }
        return columns
    }

    /// Orders files so that a table comes after the tables its foreign keys reference (``TableSchema/parentsFirst(_:table:)``).
    static func parentsFirst(_ files: [PlannedFile]) -> [PlannedFile] {
        TableSchema.parentsFirst(files, table: \.table)
    }

    // MARK: - Loading

    /// Reports progress at most every 16,384 rows.
    struct ProgressTracker {
        let callback: ((SeedProgress) -> Void)?
        let started = ContinuousClock.now
        var rows = 0
        var bytes = 0

        mutating func row(table: String, bytesSoFar: Int) {
            rows += 1
            if rows & 16383 == 0, let callback {
                callback(
                    SeedProgress(
                        table: table, rows: rows, bytes: bytes + bytesSoFar, elapsed: ContinuousClock.now - started))
            }
        }
    }

    private func loadTable(
        _ planned: PlannedFile, index: Int, connection: SQLiteConnection, tracker: inout ProgressTracker
    ) throws -> SeedTableReport {
        let table = planned.table
        let columns = planned.columns
        let name = quoted(table.name)
        let countBefore = try connection.integer(sql: "SELECT count(*) FROM main.\(name)")
        // Build the indexes after the rows when the table starts empty.
        let deferredIndexes = countBefore == 0 ? table.indexes : []
        for index in deferredIndexes { try connection.execute(sql: "DROP INDEX main.\(quoted(index.name))") }

        let columnList = columns.map { quoted($0.name) }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        var sql = "INSERT INTO main.\(name) (\(columnList)) VALUES (\(placeholders))"
        var seen: SQLiteStatement?
        var keyFields: [Int] = []
        if mode != .insert {
            let key = table.primaryKey
            keyFields = key.map { column in columns.firstIndex { $0.name == column.name }! }
            let others = columns.filter { $0.primaryKeyPosition == 0 }
            let target = key.map { quoted($0.name) }.joined(separator: ", ")
            sql +=
                others.isEmpty
                ? " ON CONFLICT (\(target)) DO NOTHING"
                : " ON CONFLICT (\(target)) DO UPDATE SET "
                    + others.map { "\(quoted($0.name)) = excluded.\(quoted($0.name))" }.joined(separator: ", ")
            let seenTable = "temp." + quoted("kiln_seen_\(index)")
            // Same affinity and collation as the real key, so keys the table treats as equal collide here too.
            let keyColumns = try key.enumerated().map { index, column in
                "k\(index) \(column.affinity.storageTypeName) COLLATE \(quoted(try connection.collation(table: table.name, column: column.name)))"
            }
            try connection.execute(
                sql:
                    "CREATE TABLE \(seenTable) (\(keyColumns.joined(separator: ", ")), PRIMARY KEY (\(key.indices.map { "k\($0)" }.joined(separator: ", ")))) WITHOUT ROWID"
            )
            seen = try connection.prepare(
                sql:
                    "INSERT INTO \(seenTable) VALUES (\(Array(repeating: "?", count: key.count).joined(separator: ", ")))"
            )
        }
        let insert = try connection.prepare(sql: sql)
        let reader = try CSVReader(
            path: planned.file.path, displayPath: planned.file.displayPath, delimiter: planned.file.delimiter)
        _ = try reader.next()  // the header, checked while planning
        var rows = 0
        while try reader.next() {
            if let seen {
                for (position, field) in keyFields.enumerated() {
                    try bind(reader, reader.fields[field], as: columns[field].affinity, to: seen, at: position + 1)
                }
                do {
                    try seen.run()
                } catch let error as SQLiteError {
                    throw SeedFailureExplainer.duplicateKey(
                        error, planned: planned, keyFields: keyFields, reader: reader)
                }
                try seen.resetKeepingBindings()
            }
            let fields = reader.fields
            for position in 0..<fields.count {
                try bind(reader, fields[position], as: columns[position].affinity, to: insert, at: position + 1)
            }
            do {
                try insert.run()
            } catch let error as SQLiteError {
                throw SeedFailureExplainer.rowFailure(error, planned: planned, reader: reader, connection: connection)
            }
            try insert.resetKeepingBindings()
            rows += 1
            tracker.row(table: table.name, bytesSoFar: reader.bytesRead)
        }
        tracker.bytes += reader.bytesRead
        if !deferredIndexes.isEmpty {
            try connection.execute(sql: "PRAGMA cache_size = -\(sortCacheKiB); PRAGMA threads = \(sortThreads)")
        }
        for index in deferredIndexes {
            do {
                try connection.execute(sql: index.sql)
            } catch let error as SQLiteError {
                throw SeedFailureExplainer.indexFailure(
                    error, index: index.name, planned: planned, connection: connection)
            }
        }
        // Back to the loading cache for the next table (after a failure, `load` restores the caller's settings).
        if !deferredIndexes.isEmpty { try connection.execute(sql: "PRAGMA cache_size = -\(cacheKiB)") }
        let countAfter = try connection.integer(sql: "SELECT count(*) FROM main.\(name)")
        let inserted = Int(countAfter - countBefore)
        return SeedTableReport(
            table: table.name, file: planned.file.displayPath, rows: rows, inserted: inserted,
            updated: mode == .insert ? 0 : rows - inserted, deleted: 0)
    }

    /// Deletes the rows of a table whose primary key is not in its CSV (`--mode sync`).
    private func deleteMissing(_ planned: PlannedFile, index: Int, connection: SQLiteConnection) throws -> Int {
        let key = planned.table.primaryKey
        let seenTable = "temp." + quoted("kiln_seen_\(index)")
        let match = key.enumerated().map {
            "s.k\($0.offset) = main.\(quoted(planned.table.name)).\(quoted($0.element.name))"
        }.joined(separator: " AND ")
        try connection.execute(
            sql:
                "DELETE FROM main.\(quoted(planned.table.name)) WHERE NOT EXISTS (SELECT 1 FROM \(seenTable) AS s WHERE \(match))"
        )
        return connection.changes
    }

    /// Binds one field by its column's affinity.
    @inline(__always)
    private func bind(
        _ reader: CSVReader, _ field: CSVField, as affinity: ColumnAffinity, to statement: SQLiteStatement,
        at position: Int
    ) throws {
        if field.isNull {
            try statement.bindNull(at: position)
            return
        }
        try reader.withBytes(of: field) { bytes in
            try SeedValue.bind(bytes, affinity: affinity, to: statement, at: position)
        }
    }
}

/// Turning field bytes into bound values by affinity.
enum SeedValue {
    /// Binds non-NULL field bytes (followed by a NUL in memory) to `statement` by `affinity`.
    @inline(__always)
    static func bind(
        _ bytes: UnsafeBufferPointer<UInt8>, affinity: ColumnAffinity, to statement: SQLiteStatement, at position: Int
    ) throws {
        switch affinity {
        case .integer:
            if let value = NumericLiteral.integer(bytes) { return try statement.bind(integer: value, at: position) }
        case .real:
            if let value = NumericLiteral.real(bytes) { return try statement.bind(real: value, at: position) }
        case .numeric:
            if let value = NumericLiteral.integer(bytes) { return try statement.bind(integer: value, at: position) }
            if let value = NumericLiteral.real(bytes) { return try statement.bind(real: value, at: position) }
        case .blob:
            return try statement.bind(blob: bytes, at: position)
        case .text, .none, .any:
            break
        }
        // The reader keeps the record's bytes until its next record, and every parameter is bound again
        // before each step, so SQLite may read them in place.
        try statement.bind(borrowedUTF8: bytes, at: position)
    }

    /// The value a field binds as, for comparisons in diagnostics.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, isNull: Bool, affinity: ColumnAffinity) -> SQLiteValue {
        if isNull { return .null }
        switch affinity {
        case .integer, .numeric:
            if let value = NumericLiteral.integer(bytes) { return .integer(value) }
            if affinity == .numeric, let value = NumericLiteral.real(bytes) { return .real(value) }
        case .real:
            if let value = NumericLiteral.real(bytes) { return .real(value) }
        case .blob:
            return .blob(Array(bytes))
        default: break
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
