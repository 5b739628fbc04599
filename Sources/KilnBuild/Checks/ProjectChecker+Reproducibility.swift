import Foundation
import Kiln

extension ProjectChecker {
    /// Builds `database` into both `paths`, with one clock for both, and compares their bytes.
    ///
    /// - Parameters:
    ///   - database: the database to build.
    ///   - paths: the two files to build into.
    ///   - clocks: the two builds' clocks; by default both use ``clock``, or the time the check starts.
    ///   - rehearsal: filled by the first build's walk of the chain (``Rehearsal/record(_:at:)``), so the
    ///     rules that need a version's schema read it there; nothing when it asks for nothing.
    /// - Returns: the first build opened read-only (nil when a build failed), and what went wrong.
    package func buildTwice(
        _ database: String, into paths: [String], clocks: [BuildClock]? = nil, rehearsal: inout Rehearsal
    ) -> (fresh: SQLiteConnection?, findings: [CheckFinding]) {
        var recording = rehearsal
        defer { rehearsal = recording }
        do {
            let digest = try project.sourceDigest(for: database)
            let shared = clock ?? .startingNow()
            // Each build hashes the file it wrote: comparing the digests is comparing the bytes.
            let digests = try zip(paths, clocks ?? [shared, shared]).enumerated().map { attempt, pair in
                var builder = DatabaseBuilder(project: project, database: database, clock: pair.1)
                if let progress {
                    let count = paths.count
                    builder.progress = { step in
                        progress(
                            CheckProgress(
                                database: database, step: .building(attempt: attempt + 1, of: count, step: step)))
                    }
                }
                guard attempt == 0, recording.asksForAnything else {
                    return try builder.build(into: pair.0, sourceDigest: digest).sha256
                }
                return try builder.build(into: pair.0, sourceDigest: digest) { recording.record($0, at: $1) }.sha256
            }
            var findings: [CheckFinding] = []
            if Set(digests).count > 1 {
                findings.append(try difference(database, between: paths[0], and: paths[1]))
            }
            return (try SQLiteConnection(path: BundledFile.uri(paths[0]), mode: .readOnly), findings)
        } catch let error as DiagnosticError {
            return (nil, [CheckFinding(.error(error, code: "build-failed"))])
        } catch {
            return (nil, [CheckFinding(.buildFailed(database: database, description: "\(error)"))])
        }
    }

    /// ``buildTwice(_:into:clocks:rehearsal:)`` keeping nothing of the chain's versions.
    ///
    /// - Returns: the first build opened read-only (nil when a build failed), and what went wrong.
    package func buildTwice(_ database: String, into paths: [String], clocks: [BuildClock]? = nil) -> (
        fresh: SQLiteConnection?, findings: [CheckFinding]
    ) {
        var nothing = Rehearsal(newestVersion: 0)
        return buildTwice(database, into: paths, clocks: clocks, rehearsal: &nothing)
    }

    /// What differs between two builds whose bytes differ, located at the table's seed file or at the last
    /// migration statement that creates or alters it, or triggers on it.
    private func difference(_ database: String, between first: String, and second: String) throws -> CheckFinding {
        guard let difference = try BuildComparison.firstDifference(between: first, and: second) else {
            return CheckFinding(.buildNotReproducible(database: database))
        }
        let reason = CheckFinding.Reason.buildsDiffer(database: database, difference: difference)
        if FileSystem.exists(project.seedsDirectory.appendingPathComponent(database).path),
            let seed = try project.seedFiles(for: database).first(where: {
                $0.tableName.isSameIdentifier(as: difference.table)
            })
        {
            return CheckFinding(reason, at: SourceLocation(path: seed.displayPath, line: 1, column: 1))
        }
        return CheckFinding(reason, at: try lastDefinition(of: difference.table, in: database))
    }

    /// The first token of the last migration statement that starts with CREATE or ALTER and names `table`.
    private func lastDefinition(of table: String, in database: String) throws -> SourceLocation? {
        for migration in try project.migrationSet(for: database).migrations.reversed() {
            let lexer = SQLLexer(bytes: migration.source.bytes)
            for statement in migration.statements.reversed() {
                let tokens = statement.tokens
                guard let first = tokens.first, lexer.isWord(first, "create") || lexer.isWord(first, "alter"),
                    tokens.contains(where: { lexer.identifier(of: $0)?.isSameIdentifier(as: table) == true })
                else { continue }
                return migration.source.location(ofByte: first.range.lowerBound)
            }
        }
        return nil
    }
}
