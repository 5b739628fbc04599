import Kiln

/// `kiln version`: prints kiln's version, as `kiln --version` does.
enum VersionCommand: KilnCommand {
    static let spec = CommandSpec(name: "version", abstract: "Shows kiln's version.", group: .kiln, needsProject: false)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        context.standardOutput(KilnVersion.current + "\n")
        return KilnTool.success
    }
}
