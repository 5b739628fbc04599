import Foundation
import Kiln

/// Prepares every statement an app runs (`queries/<database>.sql`) against a database: a failure points into
/// the queries file, e.g. `queries/person.sql:3:13: error: no such table: location`.
enum AppQueryCheck {
    /// Each statement of `file` that does not prepare on `connection`.
    ///
    /// - Returns: an error per failing statement; `upgradedFrom` marks failures on an upgraded database.
    static func check(_ file: SQLFile, against connection: SQLiteConnection, upgradedFrom: Int32? = nil)
        -> [CheckFinding]
    {
        file.statements.compactMap { statement in
            do {
                _ = try connection.prepare(sql: file.text(of: statement))
                return nil
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: file.source, statements: file.statements)
                return CheckFinding(.queryFailed(message: error.message, upgradedFrom: upgradedFrom), at: location)
            } catch {
                return CheckFinding(
                    .queryUnpreparable(description: "\(error)"),
                    at: file.source.location(ofByte: statement.range.lowerBound))
            }
        }
    }

    /// Warnings for queries with a WHERE clause that scan every row of a seeded table.
    ///
    /// - Returns: a warning per scanned table, at the statement.
    static func fullScans(_ file: SQLFile, against connection: SQLiteConnection, seededTables: Set<SQLIdentifierKey>)
        -> [CheckFinding]
    {
        let lexer = SQLLexer(bytes: file.source.bytes)
        var findings: [CheckFinding] = []
        for statement in file.statements where statement.tokens.contains(where: { lexer.isWord($0, "where") }) {
            let location = file.source.location(ofByte: statement.range.lowerBound)
            for table in scannedTables(file.text(of: statement), connection: connection)
            where seededTables.contains(table.identifierKey) {
                findings.append(CheckFinding(.queryFullScan(table: table), at: location))
            }
        }
        return findings
    }

    /// The tables the query plan of `sql` scans without an index; none when it does not prepare (``check``
    /// reports that).
    private static func scannedTables(_ sql: String, connection: SQLiteConnection) -> [String] {
        // Parameters stay unbound (NULL): the plan does not depend on their values.
        var details: [String] = []
        do {
            let explain = try connection.prepare(sql: "EXPLAIN QUERY PLAN " + sql)
            while try explain.step() { details.append(explain.text(at: explain.columnCount - 1) ?? "") }
        } catch {
            return []
        }
        return details.compactMap { detail in
            let words = detail.split(separator: " ")
            guard detail.hasPrefix("SCAN "), words.count >= 2, !detail.contains("INDEX") else { return nil }
            return String(words[1])
        }
    }
}
