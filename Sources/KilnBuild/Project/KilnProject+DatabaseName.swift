extension KilnProject {
    /// Whether `name` is a database name kiln creates and completes: ASCII letters, digits, `_` and `-`,
    /// starting with a letter, so it is safe as a folder and file name on every system and as a word in a shell.
    /// The one rule behind `kiln new`, `kiln import`, `kiln init` and the names completion offers.
    package static func isValidDatabaseName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy(isAllowedInDatabaseName)
    }

    /// Refuses a name that breaks the rule (``isValidDatabaseName(_:)``), before it becomes part of a path: every
    /// command and library entry point that makes a database's folders calls this.
    ///
    /// - Throws: ``ProjectError/invalidDatabaseName(_:)``.
    package static func requireValidDatabaseName(_ name: String) throws {
        guard isValidDatabaseName(name) else { throw ProjectError.invalidDatabaseName(name) }
    }

    /// Whether `character` may appear in a database name (see ``isValidDatabaseName(_:)``).
    static func isAllowedInDatabaseName(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }
}
