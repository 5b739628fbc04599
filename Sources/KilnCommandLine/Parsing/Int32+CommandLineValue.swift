extension Int32: CommandLineValue {
    /// A migration version, from 0 to `Int32.max` (SQLite's `user_version` is a signed 32-bit integer);
    /// every number kiln's command line takes is one.
    ///
    /// - Throws: ``UsageError`` for anything else, e.g. `'--to' takes a version number from 0 to 2147483647,
    ///   not 'two'`.
    public init(commandLine text: String, option: String, context: ParsingContext) throws {
        guard let value = Int32(text), value >= 0 else {
            throw UsageError(
                message: "'\(option)' takes a version number from 0 to \(Int32.max), not '\(text)'", hint: nil,
                command: context.command)
        }
        self = value
    }
}
