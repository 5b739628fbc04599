import KilnBuild

/// `--mode insert|upsert|sync` of `kiln seed`.
extension SeedMode: CommandLineChoice {
    /// A few words for completion: the value's meaning, not the option's.
    public var meaning: String? {
        switch self {
        case .insert: "insert every row; an existing key is an error"
        case .upsert: "insert new rows, update existing ones"
        case .sync: "make the table equal to the CSV"
        }
    }
}
