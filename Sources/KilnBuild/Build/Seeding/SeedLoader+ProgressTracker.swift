import Kiln

extension SeedLoader {
    /// Counts rows and bytes and reports progress when a table starts, every 16,384 rows, and when a table's
    /// indexes are rebuilt, timed by a ``Stopwatch``. Without a callback it only counts.
    struct ProgressTracker {
        let callback: ((SeedProgress) -> Void)?
        let stopwatch = Stopwatch()
        /// The size of every file of the load, measured only when there is a callback.
        let totalBytes: Int
        let tableCount: Int
        var tableNumber = 0
        var rows = 0
        /// Rows of the current table.
        var tableRows = 0
        var bytes = 0

        /// A tracker for the load of `files`, reporting to `callback`.
        init(callback: ((SeedProgress) -> Void)?, files: [SeedFile]) {
            self.callback = callback
            tableCount = files.count
            totalBytes = callback == nil ? 0 : files.reduce(0) { $0 + Self.size(of: $1.path) }
        }

        /// Counts one row of `table`, `bytesSoFar` into its file.
        @inline(__always)
        mutating func row(table: String, bytesSoFar: Int) {
            rows += 1
            tableRows += 1
            if rows & 16383 == 0, callback != nil {
                report(table, .reading, bytes: bytes + bytesSoFar)
            }
        }

        /// The load moves to `table`, the next in load order.
        mutating func start(_ table: String) {
            tableNumber += 1
            tableRows = 0
            report(table, .reading, bytes: bytes)
        }

        /// `table`'s rows are in; its indexes are being rebuilt.
        func indexing(_ table: String) {
            report(table, .indexing, bytes: bytes)
        }

        private func report(_ table: String, _ phase: SeedProgress.Phase, bytes: Int) {
            guard let callback else { return }
            callback(
                SeedProgress(
                    table: table, tableNumber: tableNumber, tableCount: tableCount, phase: phase, rows: rows,
                    tableRows: tableRows, bytes: bytes, totalBytes: totalBytes, elapsed: stopwatch.elapsed))
        }

        /// A file's size in bytes; 0 when it cannot be measured (the load itself reports why it cannot read it).
        private static func size(of path: String) -> Int {
            guard let file = try? FileDescriptor(opening: path, .readOnly) else { return 0 }
            return (try? file.size()) ?? 0
        }
    }
}
