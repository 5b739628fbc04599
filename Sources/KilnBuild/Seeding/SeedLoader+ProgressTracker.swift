import Dispatch

extension SeedLoader {
    /// Counts rows and bytes and reports progress at most every 16,384 rows. Time is measured with
    /// `DispatchTime`, a monotonic clock every platform kiln supports has.
    struct ProgressTracker {
        let callback: ((SeedProgress) -> Void)?
        let started = DispatchTime.now().uptimeNanoseconds
        var rows = 0
        var bytes = 0

        /// Counts one row of `table`, `bytesSoFar` into its file.
        @inline(__always)
        mutating func row(table: String, bytesSoFar: Int) {
            rows += 1
            if rows & 16383 == 0, let callback {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                callback(SeedProgress(table: table, rows: rows, bytes: bytes + bytesSoFar, elapsed: elapsed))
            }
        }
    }
}
