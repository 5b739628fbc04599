import Foundation
import Kiln

/// Loads CSV seeds into a database, all tables in one transaction: any error rolls everything back and the
/// database is exactly what it was.
///
/// Each file's header names columns of its table (a subset; the rest take their defaults), matched against
/// the database's own schema, which is the only source of identifiers in the SQL kiln writes; values are
/// always bound, typed by the column's affinity: an integer literal binds a 64-bit integer in an INTEGER
/// column, a decimal literal a correctly rounded double in a REAL column, anything else its exact text. An
/// empty unquoted field is NULL and `""` is the empty string.
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
/// - ``SeedError``
package struct SeedLoader: Sendable {
    /// The seed files to load.
    package let files: [SeedFile]
    /// How existing rows are treated.
    package var mode: SeedMode
    /// Journaled or not.
    package var durability: SeedDurability
    /// The page cache used while inserting rows, in KiB: large, so indexes that stay in place are maintained
    /// in memory.
    package var cacheKiB = 32 * 1024
    /// The page cache used while re-creating indexes, in KiB. SQLite's sorter sizes its in-memory runs from
    /// the cache; measured here (1,000,000 rows, one TEXT index), small runs merged by worker threads build
    /// the index about twice as fast as one large in-memory sort.
    package var sortCacheKiB = 2000
    /// Worker threads for SQLite's sorter while re-creating indexes (`PRAGMA threads`).
    package var sortThreads = min(4, ProcessInfo.processInfo.activeProcessorCount)

    /// A loader for `files`.
    package init(files: [SeedFile], mode: SeedMode = .insert, durability: SeedDurability = .full) {
        self.files = files
        self.mode = mode
        self.durability = durability
    }

    /// Loads every file into `connection`'s main database.
    ///
    /// - Parameters:
    ///   - connection: a connection outside any transaction.
    ///   - progress: called when each table starts, every 16,384 rows, and before a table's indexes are
    ///     rebuilt; with it, each file's size is measured first so the progress has a total.
    /// - Returns: what happened to each table, in load order.
    /// - Throws: ``SeedError`` or ``CSVError`` pointing into the seed file; the database is unchanged. A fault
    ///   of the file or the system (an I/O error, a full disk, a lock) is
    ///   ``SeedError/Reason/databaseFailed(file:_:state:)``: rolled back, or, when the commit itself failed,
    ///   perhaps committed (read the file again to know).
    @discardableResult
    package func load(into connection: SQLiteConnection, progress: ((SeedProgress) -> Void)? = nil) throws
        -> [SeedTableReport]
    {
        let plan = try self.plan(
            tables: try TableSchema.readAll(from: connection), maxFieldBytes: connection.maxValueBytes)
        let saved = try SavedSettings(of: connection)
        try connection.setForeignKeys(false)
        // The cache size and sorter threads are hints SQLite may bound; they change speed, not the result.
        try connection.execute(sql: "PRAGMA cache_size = -\(cacheKiB)")
        if durability == .unjournaled {
            try connection.setJournalMode(.memory)
            try connection.setSynchronization(.off)
        }
        let reports: [SeedTableReport]
        var countsBefore: [String: Int64] = [:]
        var committing = false
        do {
            var tracker = ProgressTracker(callback: progress, files: plan.map(\.file))
            reports = try connection.transaction(.immediate) {
                let loaded = try loadAll(plan, into: connection, tracker: &tracker, countsBefore: &countsBefore)
                committing = true
                return loaded
            }
        } catch let error as SQLiteError where error.code.isFileOrSystemFault {
            try saved.restore(on: connection, whileFailing: true)
            // A failed commit may have reached the file (its journal deleted, the folder's fsync failed).
            let state: SeedError.SeedFileState = committing ? .commitFailed(countsBefore: countsBefore) : .rolledBack
            throw SeedError(.databaseFailed(file: error.file ?? connection.path, error, state: state))
        } catch {
            try saved.restore(on: connection, whileFailing: true)
            throw error
        }
        try saved.restore(on: connection, whileFailing: false)
        return reports
    }

    /// Loads every planned file inside the load's transaction, deletes what sync mode removes, and checks the
    /// foreign keys.
    ///
    /// - Returns: what happened to each table, in load order.
    private func loadAll(
        _ plan: [PlannedFile], into connection: SQLiteConnection, tracker: inout ProgressTracker,
        countsBefore: inout [String: Int64]
    ) throws -> [SeedTableReport] {
        var reports: [SeedTableReport] = []
        for (index, planned) in plan.enumerated() {
            tracker.start(planned.table.name)
            let count = try connection.integer(sql: "SELECT count(*) FROM main.\(quoted(planned.table.name))")
            countsBefore[planned.table.name] = count
            reports.append(
                try loadTable(planned, index: index, countBefore: count, connection: connection, tracker: &tracker))
        }
        if mode == .sync {
            for (index, planned) in plan.enumerated().reversed() {
                let deleted = try deleteMissing(planned, index: index, connection: connection)
                reports[index] = reports[index].with(deleted: deleted)
            }
        }
        try SeedFailureExplainer.checkForeignKeys(plan: plan, mode: mode, connection: connection)
        if mode != .insert {
            for index in plan.indices {
                try connection.execute(sql: "DROP TABLE temp.\(quoted(Self.seenTableName(index)))")
            }
        }
        return reports
    }

    /// The temporary table that records the keys of table `index` in upsert and sync modes.
    static func seenTableName(_ index: Int) -> String { "kiln_seen_\(index)" }
}
