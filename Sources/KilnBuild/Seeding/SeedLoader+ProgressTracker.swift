import Kiln

extension SeedLoader {
    /// Counts rows and bytes and reports progress at most every 16,384 rows, timed by a ``Stopwatch``.
    struct ProgressTracker {
        let callback: ((SeedProgress) -> Void)?
        let stopwatch = Stopwatch()
        var rows = 0
        var bytes = 0

        /// Counts one row of `table`, `bytesSoFar` into its file.
        @inline(__always)
        mutating func row(table: String, bytesSoFar: Int) {
            rows += 1
            if rows & 16383 == 0, let callback {
                let elapsed = stopwatch.elapsed
                callback(SeedProgress(table: table, rows: rows, bytes: bytes + bytesSoFar, elapsed: elapsed))
            }
        }
    }
}
