/// How a seed file is named: `seeds/<database>/<table>.csv`, the extension in any letter case. Hidden files
/// (whose names start with a dot) and other files are no seeds. The project reads it to know the seeded
/// tables before any schema is built; ``SeedFile/discover(in:displayPath:delimiters:)`` to load them.
enum SeedFileName {
    /// The names of seed files among `names`, sorted.
    static func seeds(among names: [String]) -> [String] {
        names.filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".csv") }.sorted()
    }

    /// The table a seed file fills: its name without `.csv`.
    static func table(of name: String) -> String { String(name.dropLast(4)) }
}
