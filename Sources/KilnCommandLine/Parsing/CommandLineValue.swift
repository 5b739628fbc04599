/// A type an option's value is read as. The parser converts every value before the command runs, so a
/// value that does not fit is a usage error (exit 64) and a command reads only well-formed values.
public protocol CommandLineValue: Sendable {
    /// Reads the text given to an option.
    ///
    /// - Parameters:
    ///   - text: the value as typed.
    ///   - option: the option's spelling, e.g. `--to`, for the error message.
    ///   - context: the command and its current folder.
    /// - Throws: ``UsageError`` saying what the option takes.
    init(commandLine text: String, option: String, context: ParsingContext) throws
}
