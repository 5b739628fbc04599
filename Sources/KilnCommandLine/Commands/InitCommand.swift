/// `kiln init`: starts a project (skeleton; the project-discovery work fills it in).
enum InitCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "init", abstract: "Starts a kiln project: migrations/, seeds/, a commented kiln.json and a first migration.",
        group: .writeMigrations)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        throw UsageError(message: "'kiln init' is not built yet", hint: nil, command: spec.name)
    }
}
