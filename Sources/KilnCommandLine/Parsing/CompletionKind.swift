/// What a shell may offer for an option's value or a positional argument when the user presses Tab. The
/// completion scripts read it from the same declarations the parser and the help use, so they cannot list an
/// option or a value the command would refuse.
public enum CompletionKind: Sendable, Equatable {
    /// Free text (a version, a slug, a table): nothing to offer.
    case none
    /// A file path.
    case file
    /// A folder path.
    case folder
    /// The name of one of the project's databases, asked of kiln itself (`kiln completions --list-databases`).
    case database
    /// One of a fixed set of words, e.g. `auto`, `always`, `never`.
    case choices([String])

    /// What an option's value completes to, guessed from its type and placeholder: a ``CommandLineChoice``
    /// offers its cases, `<file>` a file, `<dir>` a folder, `<database>` a database name.
    ///
    /// - Parameters:
    ///   - type: the type one value is read as (the element of an array, the wrapped type of an optional).
    ///   - valueName: the placeholder, e.g. `file`; nil for a flag.
    /// - Returns: the kind.
    static func inferred(type: Any.Type, valueName: String?) -> CompletionKind {
        if let choice = type as? any CommandLineChoice.Type { return .choices(names(of: choice)) }
        return inferred(placeholder: valueName)
    }

    /// What a placeholder (an option's value name or an argument's name) suggests.
    ///
    /// - Returns: the kind, ``none`` for a placeholder that names no path nor database.
    static func inferred(placeholder: String?) -> CompletionKind {
        switch placeholder {
        case "file": .file
        case "dir", "folder", "source-folder": .folder
        case "database": .database
        default: .none
        }
    }

    /// What each case of a choice type means, by name, for the cases that say; none for another type.
    static func meanings(of type: Any.Type) -> [String: String] {
        guard let choice = type as? any CommandLineChoice.Type else { return [:] }
        return meanings(ofChoice: choice)
    }

    /// ``meanings(of:)`` for a type known to be a choice.
    private static func meanings<Choice: CommandLineChoice>(ofChoice type: Choice.Type) -> [String: String] {
        var meanings: [String: String] = [:]
        for value in Choice.choices { meanings[value.rawValue] = value.meaning }
        return meanings
    }

    /// The names of a choice type's cases, in declaration order.
    private static func names<Choice: CommandLineChoice>(of type: Choice.Type) -> [String] {
        Choice.choices.map(\.rawValue)
    }
}

extension Option {
    /// The same option, completing its value as `kind` instead of what its type and placeholder suggest.
    ///
    /// - Returns: the changed option.
    public func completing(_ kind: CompletionKind) -> Self {
        var changed = self
        changed.declaration.completion = kind
        return changed
    }

    /// The same option, left out of help, the man page and completions (for kiln's own scripts).
    ///
    /// - Returns: the changed option.
    public func hidden() -> Self {
        var changed = self
        changed.declaration.isHidden = true
        return changed
    }
}

extension Argument {
    /// The same argument, completing as `kind` instead of what its name suggests.
    ///
    /// - Returns: the changed argument.
    public func completing(_ kind: CompletionKind) -> Self {
        var changed = self
        changed.declaration.completion = kind
        return changed
    }
}
