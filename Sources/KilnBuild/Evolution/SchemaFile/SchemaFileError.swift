import Kiln

/// A schema file that cannot be used.
package struct SchemaFileError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// A statement failed; SQLite's error.
        case statementFailed(SQLiteError)
        /// A statement that creates no table, index, view or trigger (`INSERT`, `DROP`, `PRAGMA`, a `TEMP`
        /// object…), which a schema file cannot hold; `words` are its first words.
        case notASchemaStatement(words: String)
        /// The bytes at the location are not UTF-8.
        case invalidUTF8
        /// A NUL byte at the location, where SQLite would stop reading the file.
        case nulByte
        /// A string, quoted identifier or block comment is never closed (the lexer's message).
        case unterminated(String)
        /// The text kiln wrote for the schema does not read back as the same schema: a fault of kiln.
        /// `differences` are what differs (empty when only the spelling of a name does, or when the text does
        /// not split back, as SQLite splits it, into exactly the statements written).
        case doesNotReadBack(differences: [SchemaDifference])
    }

    /// What is wrong.
    package let reason: Reason
    /// Where.
    package let location: SourceLocation

    /// An error at `location`.
    package init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// One located error.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .statementFailed(let error):
            [
                Diagnostic(
                    .error, error.message, at: location, hint: "fix the schema file; it must hold CREATE statements")
            ]
        case .notASchemaStatement(let words):
            [
                Diagnostic(
                    .error,
                    "a schema file holds only CREATE TABLE, INDEX, VIEW, TRIGGER and VIRTUAL TABLE statements, not "
                        + words,
                    at: location,
                    hint: "the file says what schema the database should have; data and other changes go in a migration"
                )
            ]
        case .invalidUTF8: [Diagnostic(.error, "the schema file is not valid UTF-8 here", at: location)]
        case .nulByte:
            [Diagnostic(.error, TextProblem.nulByteInSQLMessage, at: location, hint: TextProblem.nulByteHint)]
        case .unterminated(let message): [Diagnostic(.error, message, at: location, hint: "close it")]
        case .doesNotReadBack(let differences):
            [
                Diagnostic(
                    .error,
                    "kiln wrote a schema file that does not read back as the same schema: "
                        + (differences.isEmpty
                            ? "a name is spelled differently, or the text does not split back into its statements"
                            : differences.map(\.description).joined(separator: "; ")),
                    at: location, hint: "this is a bug in kiln; please report it with the migrations")
            ]
        }
    }
}
