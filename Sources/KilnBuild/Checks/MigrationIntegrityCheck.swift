import Foundation
import Kiln

/// Compares a migration set with its `kiln.sum`: a migration edited, renamed, removed or added since the last
/// `kiln hash` is an error that names the file and says how to accept it if it was never released.
enum MigrationIntegrityCheck {
    static func check(_ set: MigrationSet, project: KilnProject) -> [Diagnostic] {
        let folder = "migrations/\(set.database)"
        let sumPath = "\(folder)/\(MigrationSum.fileName)"
        let accept =
            "if it was never released, accept it with 'kiln hash \(set.database)'; a released migration must never change: add a new one instead"
        guard let data = FileManager.default.contents(atPath: project.root.appendingPathComponent(sumPath).path) else {
            return [
                Diagnostic(
                    .error, "\(sumPath) is missing", at: SourceLocation(path: folder, line: 1, column: 1),
                    hint: "record the migrations with 'kiln hash \(set.database)' and commit the file",
                    code: "sum-missing")
            ]
        }
        let recorded: MigrationSum
        let recordedTotal: String?
        do {
            (recorded, recordedTotal) = try MigrationSum.parse(String(decoding: data, as: UTF8.self), path: sumPath)
        } catch let error as DiagnosticError {
            return error.diagnostics
        } catch {
            return [Diagnostic(.error, "cannot read \(sumPath)", code: "sum-unreadable")]
        }
        let current = MigrationSum(set)
        var diagnostics: [Diagnostic] = []
        let recordedByFile = Dictionary(recorded.lines.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let currentByFile = Dictionary(current.lines.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        for line in current.lines {
            let location = SourceLocation(path: "\(folder)/\(line.file)", line: 1, column: 1)
            if let old = recordedByFile[line.file] {
                if old.hash != line.hash {
                    diagnostics.append(
                        Diagnostic(
                            .error, "\(line.file) was edited since 'kiln hash' recorded it", at: location, hint: accept,
                            code: "migration-edited"))
                }
            } else if let old = recorded.lines.first(where: { $0.hash == line.hash && currentByFile[$0.file] == nil }) {
                diagnostics.append(
                    Diagnostic(
                        .error, "\(line.file) was renamed from \(old.file) since 'kiln hash' recorded it", at: location,
                        hint: accept, code: "migration-renamed"))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, "\(line.file) is not recorded in \(MigrationSum.fileName)", at: location,
                        hint: "record it with 'kiln hash \(set.database)' and commit kiln.sum with it",
                        code: "migration-added"))
            }
        }
        for line in recorded.lines
        where currentByFile[line.file] == nil
            && !current.lines.contains(where: { $0.hash == line.hash && recordedByFile[$0.file] == nil })
        {
            diagnostics.append(
                Diagnostic(
                    .error, "\(line.file) was removed since 'kiln hash' recorded it",
                    at: SourceLocation(path: sumPath, line: line.line, column: 1),
                    hint:
                        "a released migration must stay; if it was never released, accept the removal with 'kiln hash \(set.database)'",
                    code: "migration-removed"))
        }
        if diagnostics.isEmpty, let recordedTotal, recordedTotal != recorded.total {
            diagnostics.append(
                Diagnostic(
                    .error, "the total line of \(MigrationSum.fileName) does not match its migration lines",
                    at: SourceLocation(path: sumPath, line: 1, column: 1),
                    hint: "the file was edited by hand or merged badly; regenerate it with 'kiln hash \(set.database)'",
                    code: "sum-mismatch"))
        }
        return diagnostics
    }
}
