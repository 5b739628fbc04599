import Kiln

// What each command that writes leaves behind when a signal stops it; the line follows
// `kiln: error: interrupted (SIGINT): `. Commands not listed here change nothing but temporary files.

extension MigrateCommand {
    /// The version the file stays at, read back: each migration commits on its own, so the ones before the
    /// interrupted one stay applied.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        guard arguments[each] == nil,
            let file = DatabaseTarget.chosenFile(arguments[db], database: arguments[database], context: context)
        else { return MigrateFleet.interruptedOutcome(dryRun: arguments[dryRun]) }
        if arguments[dryRun] { return "\(file.text) was only read; nothing was changed" }
        guard FileSystem.exists(file.path) else { return "\(file.text) was not created" }
        guard let connection = try? SQLiteConnection(path: file.path, mode: .readOnly),
            let version = try? Migrator.version(of: connection)
        else { return "the migration in progress was rolled back; \(file.text) keeps the ones committed before it" }
        return "\(file.text) stays at version \(version); the migration in progress was rolled back"
    }
}

extension SeedCommand {
    /// A seed is one transaction: all or nothing.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        let file = DatabaseTarget.chosenFile(arguments[db], database: arguments[database], context: context)
        return "\(file?.text ?? "the file") is as it was; the load was rolled back"
    }
}

extension ResetCommand {
    /// Reset publishes with one rename, after everything that can fail.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        let file = DatabaseTarget.chosenFile(arguments[db], database: arguments[database], context: context)
        return "\(file?.text ?? "the file") is as it was; the new build was discarded"
    }
}

extension InstallCommand {
    /// The installer copies or upgrades a temporary file and publishes it last.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "\(arguments[destination].text) is as it was; the copy in progress was discarded"
    }
}

extension BuildCommand {
    /// Databases build in parallel and each is published when complete, so some may be done.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        let out = arguments[self.out]?.text ?? "build"
        return "databases in progress were discarded and keep their previous files in \(out); any reported "
            + "built above are published, and \(out)/kiln-manifest.json describes what is there"
    }
}

extension HashCommand {
    /// `kiln.sum` is written atomically, one database at a time.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "each kiln.sum is either as it was or fully rewritten"
    }
}

extension NewCommand {
    /// The migration file is published by one atomic write.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "no migration file was created"
    }
}

extension ImportCommand {
    /// The import is published by one rename of a complete folder, after the last check for a signal.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "nothing was imported; \(context.shown("migrations/\(arguments[database])")) is as it was"
    }
}
