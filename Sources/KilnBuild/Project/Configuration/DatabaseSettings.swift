extension KilnConfiguration {
    /// One database's settings, typed as read from `kiln.json`.
    package struct DatabaseSettings: Sendable, Equatable {
        /// `PRAGMA application_id` stamped on every file kiln creates for this database; 0 means none.
        package var applicationID: Int32 = 0
        /// Field separators of seed files that do not use `,`, by table name: one of `,` `;` tab `|`.
        package var delimiters: [String: UInt8] = [:]
        /// Columns, by table name, whose seed values may stay text although the column's type is numeric
        /// (`"textInNumericColumns": { "reading": ["value"] }`): loaded as SQLite converts them, where any
        /// other numeric column refuses a value it would not store as a number.
        package var textInNumericColumns: [String: [String]] = [:]
        /// The developer's own database file, relative to the project folder (`"development": "dev/shop.sqlite"`):
        /// the file `kiln migrate`, `status`, `seed` and `reset` work on when no `--db` is given.
        package var development: String?
        /// The built file's name inside the output folder; nil means `<database>.sqlite`.
        package var output: String?
        /// `PRAGMA page_size` of the built file: a power of two from 512 to 65536.
        package var pageSize = 4096
        /// Whether the build runs `ANALYZE`, so the shipped file carries query-planner statistics.
        package var analyze = false
        /// Whether SQL run for this database may use `"text"` as a string literal, as legacy SQLite did: for a
        /// project whose app relies on it. Off by default: `"name"` is always an identifier.
        package var doubleQuotedStrings = false
        /// Collations and functions the migrations may use in place of the app's own (``StandIns``).
        package var standIns = StandIns()
        /// Whether `schema/<database>.md` (the Mermaid diagram) is kept beside the schema file; nil means the
        /// project's ``KilnConfiguration/schemaDiagram``.
        package var schemaDiagram: Bool?
        /// The version each release of the app shipped at, ascending (`"releases": [4, 9, 12]`): the only
        /// versions a device can be at (besides a fresh install), so `kiln check` starts upgrade paths only
        /// from them. Nil (no list) means every version shipped.
        package var releases: [Int32]?

        /// The defaults.
        package init() {}

        /// The built file's name for `database`: ``output``, or `<database>.sqlite`.
        ///
        /// - Returns: a file name without folders.
        package func outputName(for database: String) -> String { output ?? "\(database).sqlite" }
    }
}
