import KilnBuild

/// `--mode insert|upsert|sync` of `kiln seed`.
extension SeedMode: CommandLineChoice {}
