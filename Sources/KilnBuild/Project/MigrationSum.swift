import Foundation
import Kiln

/// `migrations/<database>/kiln.sum`: one line per migration with the SHA-256 of its canonical SQL
/// (``SQLNormalizer/canonical(_:)``: reformatting is not an edit, changing a token is), then a `total` line
/// hashing the whole list, so two branches that each add a migration conflict in git.
///
/// ```
/// # kiln.sum: written by 'kiln hash'. ...
/// 0001_create_country.sql 6f1c…
/// 0002_add_iso2.sql 93ab…
/// total 41de…
/// ```
package struct MigrationSum: Equatable, Sendable {
    /// One migration's line.
    package struct Line: Equatable, Sendable {
        /// The migration's file name.
        package let file: String
        /// The hash of its canonical SQL, lowercase hex.
        package let hash: String
        /// The 1-based line in kiln.sum (0 for a sum computed from files).
        package let line: Int
    }

    /// The migrations' lines, by version.
    package let lines: [Line]
    /// The hash over every line.
    package let total: String

    /// The file name inside the migration folder.
    package static let fileName = "kiln.sum"

    /// The sum of a migration set as it is now.
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed, checked between migrations.
    package init(_ set: MigrationSet) throws {
        let lines = try set.migrations.map { migration in
            try SQLiteInterrupt.check()
            return Line(
                file: migration.fileName,
                hash: SHA256Hasher.hash(Array(SQLNormalizer.canonical(migration.sql).utf8)).hex, line: 0)
        }
        self.init(lines: lines)
    }

    private init(lines: [Line]) {
        self.lines = lines
        total = SHA256Hasher.hash(Array(lines.map { "\($0.file) \($0.hash)\n" }.joined().utf8)).hex
    }

    /// The file's text.
    package var text: String {
        var text = """
            # kiln.sum: the SHA-256 of each migration's SQL, comments, white space and letter case aside.
            # Written by 'kiln hash'; 'kiln check' fails when a migration changes. Never edit a released migration:
            # add a new one. Regenerate only for migrations that were never released.

            """
        for line in lines { text += "\(line.file) \(line.hash)\n" }
        return text + "total \(total)\n"
    }

    /// Reads a kiln.sum file's text.
    ///
    /// - Throws: ``CheckError`` with a ``CheckFinding/Reason/sumLineUnreadable`` at the line that cannot be read.
    /// - Returns: the recorded sum, and its total line as written (nil when it has none).
    package static func parse(_ text: String, path: String) throws -> (sum: MigrationSum, recordedTotal: String?) {
        var lines: [Line] = []
        var total: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[1].count == 64, parts[1].allSatisfy({ $0.isHexDigit }) else {
                throw CheckError(
                    CheckFinding(.sumLineUnreadable, at: SourceLocation(path: path, line: index + 1, column: 1)))
            }
            if parts[0] == "total" {
                total = String(parts[1])
            } else {
                lines.append(Line(file: String(parts[0]), hash: String(parts[1]), line: index + 1))
            }
        }
        return (MigrationSum(lines: lines), total)
    }
}
