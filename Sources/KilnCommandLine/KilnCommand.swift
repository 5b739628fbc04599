/// One subcommand: its shape and what it does.
protocol KilnCommand: Sendable {
    /// The command's arguments, options and help, built from its typed declarations.
    static var spec: CommandSpec { get }

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: the command line, parsed and checked against ``spec``.
    ///   - context: the project root and where output goes.
    /// - Returns: the exit status.
    /// - Throws: any error, which ``KilnTool`` prints as diagnostics (exit 1), or a ``UsageError`` (exit 64).
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32

    /// What a signal that stopped the command left, said after `kiln: error: interrupted (SIGINT): `, e.g.
    /// `shop.sqlite stays at version 3; the migration in progress was rolled back`. Called only after the
    /// command returned, so it may look at the files it names.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String
}

extension KilnCommand {
    /// The outcome of a command that changes nothing on disk but temporary files.
    static func interruptedOutcome(_ arguments: ParsedArguments, context: CommandContext) -> String {
        "nothing was changed; its temporary files were removed"
    }
}
