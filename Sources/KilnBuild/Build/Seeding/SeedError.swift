import Kiln

/// Seeding failed; the database was rolled back to exactly what it was before.
///
/// Each problem has a ``Reason`` a caller can switch on (an unknown column, a duplicate key, a foreign-key
/// violation, ...) and the place in a seed file it points at. The message and hint are worded from the
/// reason when ``diagnostics`` is read.
///
/// ```swift
/// do {
///     try SeedLoader(files: files).load(into: connection)
/// } catch let error as SeedError {
///     if case .unknownColumn(let name, _, _, _) = error.reason { … }
/// }
/// ```
package struct SeedError: DiagnosticError, Equatable {
    /// One problem and where it is.
    package struct Problem: Equatable, Sendable {
        /// What went wrong.
        package let reason: Reason
        /// Where, when it points into a file.
        package let location: SourceLocation?

        /// A problem for `reason` at `location`.
        package init(_ reason: Reason, at location: SourceLocation? = nil) {
            self.reason = reason
            self.location = location
        }

        /// The problem as a diagnostic, worded from its reason.
        package var diagnostic: Diagnostic {
            Diagnostic(.error, reason.message, at: location, hint: reason.hint)
        }
    }

    /// Every problem found, at least one; planning a load reports all of its problems at once.
    package let problems: [Problem]

    /// One problem.
    package init(_ reason: Reason, at location: SourceLocation? = nil) {
        problems = [Problem(reason, at: location)]
    }

    /// Several problems found together; `problems` must not be empty.
    package init(problems: [Problem]) {
        precondition(!problems.isEmpty, "a SeedError holds at least one problem")
        self.problems = problems
    }

    /// The first problem's reason.
    package var reason: Reason { problems[0].reason }

    /// The first problem's location.
    package var location: SourceLocation? { problems[0].location }

    /// One error per problem.
    package var diagnostics: [Diagnostic] { problems.map(\.diagnostic) }
}
