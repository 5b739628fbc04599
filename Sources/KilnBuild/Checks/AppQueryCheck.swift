import Kiln

/// Prepares every statement an app runs (`queries/<database>.sql`) against a database: a failure points into
/// the queries file, e.g. `queries/person.sql:3:13: error: no such table: location`.
enum AppQueryCheck {
    static func check(_ file: SQLFile, against connection: SQLiteConnection) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for statement in file.statements {
            do {
                _ = try connection.prepare(sql: file.text(of: statement))
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: file.source, statements: file.statements)
                diagnostics.append(
                    Diagnostic(
                        .error, error.message, at: location,
                        hint: "the app runs this statement; fix it or the migrations it expects", code: "query-failed"))
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .error, "\(error)", at: file.source.location(ofByte: statement.range.lowerBound),
                        code: "query-failed"))
            }
        }
        return diagnostics
    }

    /// Warnings for queries with a WHERE clause that scan every row of a seeded table.
    static func fullScans(_ file: SQLFile, against connection: SQLiteConnection, seededTables: Set<String>)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        let lexer = SQLLexer(bytes: file.source.bytes)
        for statement in file.statements where statement.tokens.contains(where: { lexer.isWord($0, "where") }) {
            // Parameters stay unbound (NULL): the plan does not depend on their values.
            var details: [String] = []
            do {
                let explain = try connection.prepare(sql: "EXPLAIN QUERY PLAN " + file.text(of: statement))
                while try explain.step() { details.append(explain.text(at: explain.columnCount - 1) ?? "") }
            } catch {
                continue  // a statement that does not prepare is reported by `check`
            }
            for detail in details {
                guard detail.hasPrefix("SCAN ") else { continue }
                let words = detail.split(separator: " ")
                guard words.count >= 2, !detail.contains("INDEX") else { continue }
                let table = String(words[1])
                guard seededTables.contains(table.lowercased()) else { continue }
                diagnostics.append(
                    Diagnostic(
                        .warning, "this query reads every row of '\(table)': no index covers its WHERE columns",
                        at: file.source.location(ofByte: statement.range.lowerBound),
                        hint: "add an index on the columns it filters by, in a migration", code: "query-full-scan"))
            }
        }
        return diagnostics
    }
}
