/// One positional argument of a command, declared once with the type a command reads it as: `String` when
/// required, `String?` when it may be left out, `[String]` when it takes every remaining value. The same value
/// goes into the command's ``CommandSpec`` and reads the parsed value (`arguments[Self.database]`).
public struct Argument<Value: Sendable>: Sendable {
    /// What the parser and the help text see.
    public internal(set) var declaration: ArgumentDeclaration

    /// The placeholder name, e.g. `database`.
    public var name: String { declaration.name }

    private init(
        name: String, help: String, isOptional: Bool, isRepeating: Bool,
        convert: @escaping @Sendable (_ given: [String], _ context: ParsingContext) throws -> Value
    ) {
        declaration = ArgumentDeclaration(
            name: name, help: help, isOptional: isOptional, isRepeating: isRepeating,
            completion: .inferred(placeholder: name), convert: convert)
    }
}

extension Argument where Value == String {
    /// A required argument.
    public init(name: String, help: String) {
        self.init(name: name, help: help, isOptional: false, isRepeating: false) { given, context in
            guard let value = given.first else { throw UsageError.missingArgument(name, command: context.command) }
            return value
        }
    }
}

extension Argument where Value == CommandLinePath {
    /// A required path, resolved against the current folder as the parser reads it (like an option's path).
    public init(name: String, help: String) {
        self.init(name: name, help: help, isOptional: false, isRepeating: false) { given, context in
            guard let value = given.first else { throw UsageError.missingArgument(name, command: context.command) }
            return CommandLinePath(value, currentDirectory: context.currentDirectory)
        }
    }
}

extension Argument where Value == String? {
    /// An argument that may be left out, then reads as nil.
    public init(name: String, help: String) {
        self.init(name: name, help: help, isOptional: true, isRepeating: false) { given, _ in given.first }
    }
}

extension Argument where Value == [String] {
    /// An argument that takes every remaining positional value, at least one unless `isOptional`.
    ///
    /// - Parameters:
    ///   - name: the placeholder name, e.g. `words`.
    ///   - help: one line of help.
    ///   - isOptional: whether it may take no value at all.
    ///   - dropsDuplicates: whether a value given twice is kept once, at its first place.
    public init(name: String, help: String, isOptional: Bool = false, dropsDuplicates: Bool = false) {
        self.init(name: name, help: help, isOptional: isOptional, isRepeating: true) { given, context in
            guard isOptional || !given.isEmpty else {
                throw UsageError.missingArgument(name, command: context.command)
            }
            guard dropsDuplicates else { return given }
            var seen = Set<String>()
            return given.filter { seen.insert($0).inserted }
        }
    }

    /// The databases a command works on: any number, none meaning all; a name given twice counts once
    /// (`kiln build countries countries` builds `countries` once).
    ///
    /// - Returns: the optional, repeating `<database>` argument.
    public static func databases(help: String) -> Self {
        Self(name: "database", help: help, isOptional: true, dropsDuplicates: true)
    }
}
