import Kiln

/// A SQL file kiln reads for a check (`queries/<database>.sql`, a fixture) that is no text SQLite can be
/// given, at its first offending byte; nothing in it was run.
package struct SQLFileError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// A NUL byte, where SQLite would stop reading: the statements after it would never run.
        case nulByte
    }

    /// What is wrong.
    package let reason: Reason
    /// The file, line and column of the byte.
    package let location: SourceLocation

    /// An error for `reason` at `location`.
    package init(_ reason: Reason, at location: SourceLocation) {
        self.reason = reason
        self.location = location
    }

    /// One located error with what to do.
    package var diagnostics: [Diagnostic] {
        let problem: TextProblem = reason == .invalidUTF8 ? .invalidUTF8 : .nulByte
        return [Diagnostic(.error, problem.messageInSQLFile, at: location, hint: problem.hint)]
    }
}
