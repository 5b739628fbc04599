import Foundation
import Kiln

/// `kiln build`: turns a project's migrations and seeds into the database files apps ship.
///
/// Each database is built into a temporary file in the output folder by ``DatabaseBuilder``, checked by
/// ``BuildInvariants``, and published with `rename(2)` and an fsync of the folder, so the output is always
/// either the previous file or the complete new one. Databases build in parallel. A database whose sources,
/// settings and tool versions are unchanged, and whose output still has its recorded SHA-256, is not rebuilt.
/// `kiln-manifest.json` records every output.
public struct Bundler: Sendable {
    /// What happened to one database.
    public enum Outcome: Sendable, Equatable {
        /// Built and published, in `duration`.
        case built(BuiltDatabase, duration: Duration)
        /// Unchanged since the last build; the manifest's entry still describes the output.
        case upToDate(BuildManifest.Entry)
    }

    /// The project.
    public let project: KilnProject
    /// The output folder.
    public let outputDirectory: String
    /// Rebuild even when up to date.
    public var force = false

    /// A bundler writing into `outputDirectory`.
    public init(project: KilnProject, outputDirectory: String, force: Bool = false) {
        self.project = project
        self.outputDirectory = outputDirectory
        self.force = force
    }

    /// Builds `databases` (all of the project's when empty).
    ///
    /// - Parameter waiting: called once if another build holds the output folder's lock.
    /// - Returns: each database's outcome, in the order given, or the errors of those that failed; a failed
    ///   database leaves its previous output untouched, the others are still built.
    public func build(_ databases: [String] = [], waiting: () -> Void = {}) throws -> [(
        database: String, result: Result<Outcome, Error>
    )] {
        let known = try project.databaseNames()
        let names = try project.databases(named: databases)
        try Self.checkOutputNames(project: project, databases: known)
        try FileSystem.createDirectory(outputDirectory)
        return try OutputDirectoryLock.withLock(directory: outputDirectory, waiting: waiting) {
            try buildLocked(names, known: known)
        }
    }

    /// The build proper, under the output folder's lock.
    private func buildLocked(_ names: [String], known: [String]) throws -> [(
        database: String, result: Result<Outcome, Error>
    )] {
        let previous = BuildManifest.read(in: outputDirectory)

        let results = ResultCollector(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            results.set(index, Result { try buildOne(name, previous: previous.databases[name]) })
        }
        var manifest = previous
        var outcomes: [(database: String, result: Result<Outcome, Error>)] = []
        for (index, name) in names.enumerated() {
            let result = results.get(index)
            if case .success(.built(let built, _)) = result { manifest.databases[name] = BuildManifest.Entry(built) }
            outcomes.append((name, result))
        }
        // Entries of databases that no longer exist would describe files nobody builds.
        manifest.databases = manifest.databases.filter { known.contains($0.key) }
        if manifest != previous || !FileSystem.exists("\(outputDirectory)/\(BuildManifest.fileName)") {
            try manifest.write(in: outputDirectory)
        }
        return outcomes
    }

    /// Refuses configurations where two databases, or a database and the manifest, would write the same file
    /// (compared without case, as on the default macOS file system).
    static func checkOutputNames(project: KilnProject, databases: [String]) throws {
        var owners: [String: String] = [BuildManifest.fileName.lowercased(): "the build manifest"]
        var diagnostics: [Diagnostic] = []
        for database in databases {
            let file = project.configuration.settings(for: database).outputName(for: database)
            if let owner = owners[file.lowercased()] {
                diagnostics.append(
                    Diagnostic(
                        .error, "database '\(database)' would write \(file), which is also \(owner)'s output",
                        at: SourceLocation(path: "kiln.json", line: 1, column: 1),
                        hint: "give each database its own output name in kiln.json",
                        code: "output-collision"))
            } else {
                owners[file.lowercased()] = "'\(database)'"
            }
        }
        guard diagnostics.isEmpty else { throw DiagnosticList(diagnostics) }
    }

    private func buildOne(_ database: String, previous: BuildManifest.Entry?) throws -> Outcome {
        let started = ContinuousClock.now
        let digest = try project.sourceDigest(for: database)
        let file = project.configuration.settings(for: database).outputName(for: database)
        let output = "\(outputDirectory)/\(file)"
        if !force, let previous, previous.sourceDigest == digest.hex, previous.file == file, FileSystem.exists(output),
            try FileSystem.sha256(ofFileAt: output).hex == previous.sha256
        {
            return .upToDate(previous)
        }
        let temporary = OutputDirectoryLock.temporaryPath(in: outputDirectory, for: file)
        let built = try DatabaseBuilder(project: project, database: database).build(
            into: temporary, sourceDigest: digest)
        do {
            try FileSystem.rename(temporary, to: output)
        } catch {
            // Best effort: the next build sweeps temporary files under its lock anyway.
            try? FileSystem.remove(temporary)
            throw error
        }
        try FileSystem.sync(outputDirectory)
        return .built(built, duration: ContinuousClock.now - started)
    }
}

/// Results written by parallel workers, each to its own slot.
private final class ResultCollector: @unchecked Sendable {
    private var slots: [Result<Bundler.Outcome, Error>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Bundler.Outcome, Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func get(_ index: Int) -> Result<Bundler.Outcome, Error> {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]!
    }
}
