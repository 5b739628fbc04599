/// `kiln completions bash|zsh|fish` (skeleton; the completions work fills it in).
enum CompletionsCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "completions", abstract: "Prints a shell completion script for bash, zsh or fish.", group: .kiln)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        throw UsageError(message: "'kiln completions' is not built yet", hint: nil, command: spec.name)
    }
}
