import Kiln

/// The named queries of `queries/<database>.sql` that `kiln generate` cannot turn into Swift, each at its place
/// in the file (`queries/countries.sql:3:24: error: unknown result shape ':all'`); nothing was written.
package struct NamedQueryError: DiagnosticError, Equatable {
    /// What is wrong with one query.
    package enum Reason: Sendable, Equatable {
        /// `-- name: X` without `:one`, `:many`, `:each` or `:exec` after it.
        case missingShape(name: String)
        /// A shape that is none of the four.
        case unknownShape(String)
        /// A name that is no Swift identifier (or is a keyword).
        case invalidName(String)
        /// A second query of the same name; the first is at `first`.
        case duplicateName(String, first: SourceLocation)
        /// A `-- name:` line with no statement after it before the next one or the end of the file.
        case nameWithoutStatement(String)
        /// A `-- param:` line that is not `-- param: <parameter> <Type>`, or one with no `-- name:` before it.
        case malformedParameterLine(String)
        /// A `-- param:` line naming a parameter the statement does not have.
        case unknownParameter(query: String, parameter: String)
        /// A type in an annotation that is no Swift type name.
        case invalidType(String)
        /// The statement does not prepare on the newest schema.
        case unpreparable(query: String, message: String)
        /// `:one`, `:many` or `:each` for a statement that returns no column.
        case noResultColumns(query: String, shape: NamedQuery.Shape)
        /// A result column whose name (before any `: Type`) is no Swift identifier.
        case invalidColumnName(query: String, column: String)
        /// Two result columns that give the row the same property.
        case duplicateColumn(query: String, property: String)
    }

    /// One problem and where it is.
    package struct Problem: Sendable, Equatable {
        /// What is wrong.
        package let reason: Reason
        /// Where.
        package let location: SourceLocation

        /// `reason` at `location`.
        package init(_ reason: Reason, at location: SourceLocation) {
            self.reason = reason
            self.location = location
        }
    }

    /// The problems, in file order.
    package let problems: [Problem]

    /// An error of `problems` (at least one).
    package init(_ problems: [Problem]) { self.problems = problems }

    /// One located error per problem, with what to do.
    package var diagnostics: [Diagnostic] {
        problems.map { problem in
            let (message, hint) = Self.words(for: problem.reason)
            return Diagnostic(.error, message, at: problem.location, hint: hint, code: "named-query")
        }
    }

    private static let shapes = "write ':one', ':many', ':each' or ':exec' after the name"

    private static func words(for reason: Reason) -> (String, String?) {
        switch reason {
        case .missingShape(let name): ("query '\(name)' has no result shape", shapes)
        case .unknownShape(let shape): ("unknown result shape '\(shape)'", shapes)
        case .invalidName(let name):
            ("query name '\(name)' is not a Swift identifier", "use letters, digits and '_', not a Swift keyword")
        case .duplicateName(let name, let first): ("a second query is named '\(name)'", "the first is at \(first)")
        case .nameWithoutStatement(let name):
            ("no statement follows the name '\(name)'", "write the query's SQL after its '-- name:' line")
        case .malformedParameterLine(let text):
            ("'\(text)' is not a parameter annotation", "write '-- param: <parameter> <Type>' after a '-- name:' line")
        case .unknownParameter(let query, let parameter):
            ("query '\(query)' has no parameter '\(parameter)'", nil)
        case .invalidType(let type):
            ("'\(type)' is not a Swift type name", "name a type such as Int64, String?, Date or your own type")
        case .unpreparable(let query, let message):
            ("query '\(query)' does not prepare on the newest schema: \(message)", nil)
        case .noResultColumns(let query, let shape):
            ("query '\(query)' returns no column, so ':\(shape.rawValue)' has no row", "use ':exec'")
        case .invalidColumnName(let query, let column):
            (
                "result column '\(column)' of query '\(query)' is not a Swift identifier",
                "give it an alias: AS \"name\" or AS \"name: Type\""
            )
        case .duplicateColumn(let query, let property):
            ("two result columns of query '\(query)' are named '\(property)'", "give one of them an alias")
        }
    }
}
