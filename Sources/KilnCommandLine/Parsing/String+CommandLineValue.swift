extension String: CommandLineValue {
    /// Any text is a string.
    public init(commandLine text: String, option: String, context: ParsingContext) {
        self = text
    }
}
