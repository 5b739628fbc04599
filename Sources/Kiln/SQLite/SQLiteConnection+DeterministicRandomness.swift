import KilnSQLiteShim

extension SQLiteConnection {
    /// Makes `random()` and `randomblob(N)` on this connection deterministic: both are replaced by application
    /// functions of the same names (SQLite prefers them to its built-in ones), drawing from one pseudo-random
    /// generator seeded with `seed`. The same seed and the same statements, in the same order, give the same
    /// values, including in `DEFAULT` expressions and triggers and in what is built on them, such as
    /// `hex(randomblob(16))`. The values are not secret: use this for reproducible builds, never for keys.
    ///
    /// - Parameter seed: the generator's seed; its first eight bytes are used (zeros when shorter).
    /// - Throws: ``SQLiteError`` when the functions cannot be registered.
    package func useDeterministicRandomness(seed: [UInt8]) throws {
        let value = seed.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        try check(kiln_deterministic_randomness(handle, value))
    }
}
