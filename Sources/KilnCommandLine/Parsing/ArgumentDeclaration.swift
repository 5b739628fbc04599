/// What the parser and the help text know of one positional argument, whatever the type a command reads it
/// as. A command declares its arguments as typed ``Argument`` values; this is the part they share.
public struct ArgumentDeclaration: Sendable {
    /// The placeholder name, e.g. `database`.
    public let name: String
    /// One line of help.
    public let help: String
    /// Whether it may be left out.
    public let isOptional: Bool
    /// Whether it takes every remaining positional value.
    public let isRepeating: Bool
    /// What a shell offers for it (see ``CompletionKind``), by default what its name suggests.
    public var completion: CompletionKind = .none
    /// Turns the values it took (none, one, or for a repeating argument any number) into the typed value.
    let convert: @Sendable (_ given: [String], _ context: ParsingContext) throws -> any Sendable
}
