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
}
