import Foundation
import Kiln

/// Prepares every statement an app runs (`queries/<database>.sql`) against a database: a failure points into
/// the queries file, e.g. `queries/person.sql:3:13: error: no such table: location`.
enum AppQueryCheck {
    /// Each statement of `file` that does not prepare on `connection`.
    ///
    /// - Returns: an error per failing statement (the upgrade check marks those of upgraded databases).
    static func check(_ file: SQLFile, against connection: SQLiteConnection) -> [CheckFinding] {
        failures(of: file, against: connection).map(\.finding)
    }

    /// Each statement of `file` that does not prepare on `connection`, with where it starts.
    ///
    /// - Returns: the statement's first byte and its error, in file order.
    static func failures(
        of file: SQLFile, against connection: SQLiteConnection
    ) -> [(statementStart: SourceLocation, finding: CheckFinding)] {
        file.statements.compactMap { statement in
            let start = file.source.location(ofByte: statement.range.lowerBound)
            do {
                _ = try connection.prepare(sql: file.text(of: statement))
                return nil
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: file.source, statements: file.statements)
                return (start, CheckFinding(.queryFailed(message: error.message), at: location))
            } catch {
                return (start, CheckFinding(.queryUnpreparable(description: "\(error)"), at: start))
            }
        }
    }
}
