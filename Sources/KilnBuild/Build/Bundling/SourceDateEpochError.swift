import Kiln

/// `SOURCE_DATE_EPOCH` is set to something that is not a whole number of seconds since 1970 that SQLite's date
/// functions can represent (0 through 253402300799, the last second of the year 9999).
package struct SourceDateEpochError: DiagnosticError, Equatable {
    /// The variable's value.
    package let value: String

    /// An error for `value`.
    package init(value: String) { self.value = value }

    /// One error naming the value, with what is accepted.
    package var diagnostics: [Diagnostic] {
        [
            Diagnostic(
                .error,
                "SOURCE_DATE_EPOCH is '\(value)', not a whole number of seconds since 1970-01-01 00:00:00 UTC",
                hint:
                    "set it to digits only, from 0 through \(SQLiteClock.latestSecondsSince1970) (e.g. the last commit's time, git log -1 --format=%ct), or unset it"
            )
        ]
    }
}
