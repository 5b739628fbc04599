import Foundation
import Kiln

/// Compares a migration set with its `kiln.sum`: a migration edited, renamed, removed or added since the sum
/// was recorded is an error that names the file.
enum MigrationIntegrityCheck {
    /// The findings for `set`, read against `migrations/<database>/kiln.sum` under `project`'s root.
    ///
    /// - Returns: errors, one per changed migration, or one about the sum file itself.
    static func check(_ set: MigrationSet, project: KilnProject) -> [CheckFinding] {
        let folder = "migrations/\(set.database)"
        let sumPath = "\(folder)/\(MigrationSum.fileName)"
        let recorded: MigrationSum
        let recordedTotal: String?
        do {
            let bytes = try FileSystem.contents(of: project.root.appendingPathComponent(sumPath).path)
            (recorded, recordedTotal) = try MigrationSum.parse(String(decoding: bytes, as: UTF8.self), path: sumPath)
        } catch let error as FileSystemError {
            let location = SourceLocation(path: folder, line: 1, column: 1)
            if error.isMissing { return [CheckFinding(.sumMissing(database: set.database), at: location)] }
            return [CheckFinding(.sumUnreadable(database: set.database, error), at: location)]
        } catch let error as CheckError {
            return error.findings
        } catch {
            return [CheckFinding(.error(error, code: "sum-unreadable"))]
        }
        guard let current = try? MigrationSum(set) else { return [] }  // Ctrl-C: the check reports the signal
        let findings = compare(current, with: recorded, database: set.database)
        guard findings.isEmpty, let recordedTotal, recordedTotal != recorded.total else { return findings }
        return [
            CheckFinding(.sumMismatch(database: set.database), at: SourceLocation(path: sumPath, line: 1, column: 1))
        ]
    }

    /// The migrations added, edited, renamed or removed between `recorded` and `current`.
    private static func compare(_ current: MigrationSum, with recorded: MigrationSum, database: String)
        -> [CheckFinding]
    {
        let folder = "migrations/\(database)"
        let recordedByFile = Dictionary(recorded.lines.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let currentByFile = Dictionary(current.lines.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var findings: [CheckFinding] = []
        for line in current.lines {
            let location = SourceLocation(path: "\(folder)/\(line.file)", line: 1, column: 1)
            if let old = recordedByFile[line.file] {
                if old.hash != line.hash {
                    findings.append(CheckFinding(.migrationEdited(database: database, file: line.file), at: location))
                }
            } else if let old = recorded.lines.first(where: { $0.hash == line.hash && currentByFile[$0.file] == nil }) {
                findings.append(
                    CheckFinding(.migrationRenamed(database: database, file: line.file, from: old.file), at: location))
            } else {
                findings.append(CheckFinding(.migrationAdded(database: database, file: line.file), at: location))
            }
        }
        for line in recorded.lines
        where currentByFile[line.file] == nil
            && !current.lines.contains(where: { $0.hash == line.hash && recordedByFile[$0.file] == nil })
        {
            let location = SourceLocation(path: "\(folder)/\(MigrationSum.fileName)", line: line.line, column: 1)
            findings.append(CheckFinding(.migrationRemoved(database: database, file: line.file), at: location))
        }
        return findings
    }
}
