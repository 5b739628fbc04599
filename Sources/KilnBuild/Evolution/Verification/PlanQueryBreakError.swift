import Kiln

/// An app query the planned migration breaks: it prepares on the schema before the plan and not on the
/// planned one (a query that already failed before is `kiln check`'s to report, not the plan's).
package struct BrokenQuery: Sendable, Equatable {
    /// Where SQLite points in the query on the planned schema, in the queries file.
    package var location: SourceLocation
    /// SQLite's message on the planned schema, e.g. `no such column: name`.
    package var message: String
    /// What the plan renames or drops that the message is about, worded (``PlanRemovals/Removal``); nil when
    /// no renamed or dropped name is the one SQLite names.
    package var cause: String?

    /// A broken query from its parts.
    package init(location: SourceLocation, message: String, cause: String? = nil) {
        self.location = location
        self.message = message
        self.cause = cause
    }

    /// E.g. `no such column: name (--rename item.name=title renames column "item"."name" to "title")`.
    package var description: String { message + (cause.map { " (\($0))" } ?? "") }

    /// The warnings `kiln plan --allow-query-breaks` prints for `queries` it wrote a migration over, one per
    /// query, the note once, on the last.
    package static func warnings(_ queries: [BrokenQuery]) -> [Diagnostic] {
        queries.enumerated().map { index, query in
            Diagnostic(
                .warning, "the migration breaks this app query: \(query.description)", at: query.location,
                hint: index == queries.count - 1
                    ? "written anyway (--allow-query-breaks): kiln check fails at the query until you edit it" : nil)
        }
    }
}

/// Why `kiln plan` refuses to write a migration that breaks app queries (without `--allow-query-breaks`).
package struct PlanQueryBreakError: DiagnosticError, Equatable {
    /// The queries the plan breaks, in file order.
    package let queries: [BrokenQuery]

    /// An error for `queries` (at least one).
    package init(_ queries: [BrokenQuery]) { self.queries = queries }

    /// One error per query, at its `file:line:column`; the note once, on the last.
    package var diagnostics: [Diagnostic] {
        queries.enumerated().map { index, query in
            Diagnostic(
                .error, "the planned migration breaks this app query: \(query.description)", at: query.location,
                hint: index == queries.count - 1
                    ? "no file was written: edit the query in \(query.location.path) in the same change, so that it "
                        + "prepares on the planned schema, or pass --allow-query-breaks to write the migration anyway"
                    : nil)
        }
    }
}
