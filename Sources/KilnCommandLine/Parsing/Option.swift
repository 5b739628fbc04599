/// One `--option` of a command, declared once with the type a command reads it as. The same value goes into
/// the command's ``CommandSpec`` (for parsing and help) and reads the parsed value:
///
/// ```swift
/// static let db = Option<CommandLinePath>(name: "db", valueName: "file", help: "The database file.")
/// static let to = Option<Int32?>(name: "to", valueName: "version", help: "Stop at this version.")
/// static let dryRun = Option<Bool>(flag: "dry-run", help: "Change nothing.")
/// ...
/// let file = arguments[Self.db]  // CommandLinePath, never missing
/// ```
///
/// The type says how the option may be given: a plain value is required, an optional may be left out, an
/// array may be repeated, and `Bool` is a flag.
public struct Option<Value: Sendable>: Sendable {
    /// What the parser and the help text see.
    public internal(set) var declaration: OptionDeclaration

    /// The long name without dashes, e.g. `db`.
    public var name: String { declaration.name }

    private init(
        name: String, valueName: String?, help: String, shortName: Character? = nil, isRequired: Bool,
        repetition: OptionDeclaration.Repetition, valueType: Any.Type,
        convert: @escaping @Sendable (_ given: [String], _ option: String, _ context: ParsingContext) throws -> Value
    ) {
        declaration = OptionDeclaration(
            name: name, valueName: valueName, help: help, shortName: shortName, isRequired: isRequired,
            repetition: repetition, completion: .inferred(type: valueType, valueName: valueName),
            convert: { given, context in try convert(given, "--\(name)", context) })
        declaration.choiceMeanings = CompletionKind.meanings(of: valueType)
    }
}

extension Option where Value: CommandLineValue {
    /// A required option: the command cannot run without it.
    public init(name: String, valueName: String, help: String) {
        self.init(
            name: name, valueName: valueName, help: help, isRequired: true, repetition: .once, valueType: Value.self
        ) {
            given, option, context in
            guard let text = given.last else {
                throw UsageError.missingOption(name, valueName: valueName, command: context.command)
            }
            return try Value(commandLine: text, option: option, context: context)
        }
    }

    /// An option that may be left out, then reads as `defaultValue`.
    public init(name: String, valueName: String, help: String, default defaultValue: Value) {
        self.init(
            name: name, valueName: valueName, help: help, isRequired: false, repetition: .once, valueType: Value.self
        ) {
            given, option, context in
            try given.last.map { try Value(commandLine: $0, option: option, context: context) } ?? defaultValue
        }
    }
}

extension Option {
    /// An option that may be left out, then reads as nil.
    public init<Wrapped: CommandLineValue>(name: String, valueName: String, help: String) where Value == Wrapped? {
        self.init(
            name: name, valueName: valueName, help: help, isRequired: false, repetition: .once, valueType: Wrapped.self
        ) {
            given, option, context in
            try given.last.map { try Wrapped(commandLine: $0, option: option, context: context) }
        }
    }

    /// An option that may be given any number of times; it reads as every value, in order.
    public init<Element: CommandLineValue>(name: String, valueName: String, help: String) where Value == [Element] {
        self.init(
            name: name, valueName: valueName, help: help, isRequired: false, repetition: .collected,
            valueType: Element.self
        ) {
            given, option, context in
            try given.map { try Element(commandLine: $0, option: option, context: context) }
        }
    }
}

extension Option where Value == Bool {
    /// A flag, which takes no value and reads as whether it was given.
    ///
    /// - Parameters:
    ///   - name: the long name without dashes, e.g. `dry-run`.
    ///   - help: one line of help.
    ///   - shortName: a single-letter alias, e.g. `h`.
    ///   - mayRepeat: whether giving it twice is fine (help) rather than a usage error.
    public init(flag name: String, help: String, shortName: Character? = nil, mayRepeat: Bool = false) {
        self.init(
            name: name, valueName: nil, help: help, shortName: shortName, isRequired: false,
            repetition: mayRepeat ? .ignored : .once, valueType: Bool.self
        ) { given, _, _ in !given.isEmpty }
    }
}
