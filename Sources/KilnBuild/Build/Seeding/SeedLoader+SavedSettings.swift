import Kiln

extension SeedLoader {
    /// The connection settings a load changes, read before it starts so they can be put back.
    struct SavedSettings {
        let foreignKeys: Bool
        let cacheSize: Int64
        let threads: Int64

        /// Reads the settings of `connection`.
        init(of connection: SQLiteConnection) throws {
            foreignKeys = try connection.integer(sql: "PRAGMA foreign_keys") == 1
            cacheSize = try connection.integer(sql: "PRAGMA cache_size")
            threads = try connection.integer(sql: "PRAGMA threads")
        }

        /// Puts the settings back; while another error is being thrown, a failure here is not reported (the
        /// connection belongs to the caller, and the load's error says what went wrong).
        func restore(on connection: SQLiteConnection, whileFailing: Bool) throws {
            do {
                try connection.execute(sql: "PRAGMA cache_size = \(cacheSize); PRAGMA threads = \(threads)")
                if foreignKeys { try connection.setForeignKeys(true) }
            } catch {
                if !whileFailing { throw error }
            }
        }
    }
}
