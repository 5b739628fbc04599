import Foundation
import Kiln

extension ProjectChecker {
    /// Builds `database` into both `paths` and compares their bytes.
    ///
    /// - Returns: the first build opened read-only (nil when a build failed), and what went wrong.
    func buildTwice(_ database: String, into paths: [String]) -> (fresh: SQLiteConnection?, findings: [CheckFinding]) {
        do {
            let digest = try project.sourceDigest(for: database)
            let builder = DatabaseBuilder(project: project, database: database)
            for path in paths { _ = try builder.build(into: path, sourceDigest: digest) }
            var findings: [CheckFinding] = []
            if try Set(paths.map { try FileSystem.contents(of: $0) }).count > 1 {
                findings.append(CheckFinding(.buildNotReproducible(database: database)))
            }
            return (try SQLiteConnection(path: BundledFile.uri(paths[0]), mode: .readOnly), findings)
        } catch let error as DiagnosticError {
            return (nil, [CheckFinding(.error(error))])
        } catch {
            return (nil, [CheckFinding(.buildFailed(database: database, description: "\(error)"))])
        }
    }
}
