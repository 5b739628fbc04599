import Foundation
import Kiln

/// `kiln build`: turns a project's migrations and seeds into the database files apps ship.
///
/// Each database is built into a temporary file in the output folder by ``DatabaseBuilder``, checked by
/// ``BuildInvariants``, and published with `rename(2)`, so the output is always either the previous file or the
/// complete new one; one fsync of the folder follows the renames, then the manifest is written. Databases build
/// in parallel. A database whose sources, settings and tool versions are unchanged, and whose output still has
/// its recorded SHA-256, is not rebuilt. `kiln-manifest.json` records every output.
public struct Bundler: Sendable {
    /// What happened to one database.
    public enum Outcome: Sendable, Equatable {
        /// Built and published, in `duration` seconds (measured on a monotonic clock).
        case built(BuiltDatabase, duration: TimeInterval)
        /// Unchanged since the last build; the manifest's entry still describes the output.
        case upToDate(BuildManifest.Entry)
    }

    /// The project.
    public let project: KilnProject
    /// The output folder.
    public let outputDirectory: String
    /// Rebuild even when up to date.
    public var force = false
    /// What the build's SQL sees as 'now': nil for the time ``build(_:waiting:warning:)`` starts, the same for
    /// every database. A file built with another `SOURCE_DATE_EPOCH` clock is not up to date.
    public var clock: BuildClock?
    /// Called as each database's build moves on (from several threads at once: databases build in parallel);
    /// nil (the default) reports nothing.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    /// A bundler writing into `outputDirectory`.
    public init(project: KilnProject, outputDirectory: String, force: Bool = false) {
        self.project = project
        self.outputDirectory = outputDirectory
        self.force = force
    }

    /// Builds `databases` (all of the project's when empty).
    ///
    /// Every database file is published (renamed into place) before the manifest is written, and the
    /// manifest only after one `fsync` of the folder: when this returns, the manifest describes the files.
    ///
    /// - Parameters:
    ///   - databases: the databases to build; all of the project's when empty.
    ///   - waiting: called once if another build holds the output folder's lock.
    ///   - warning: called when files were published but the folder's `fsync` failed (the build still succeeds).
    /// - Throws: ``ProjectError`` for an unknown database, ``ConfigurationError`` when two outputs collide,
    ///   ``FileSystemError`` when the output folder or its lock cannot be written (nothing was published), or
    ///   ``ManifestNotWrittenError`` when databases were published but the manifest could not be written.
    /// - Returns: each database's outcome, in the order given, or the errors of those that failed; a failed
    ///   database leaves its previous output untouched, the others are still built.
    public func build(
        _ databases: [String] = [], waiting: () -> Void = {}, warning: (PublishWarning) -> Void = { _ in }
    ) throws -> [(database: String, result: Result<Outcome, Error>)] {
        let known = try project.databaseNames()
        let names = try project.databases(named: databases)
        try Self.checkOutputNames(project: project, databases: known)
        try FileSystem.createDirectory(outputDirectory)
        return try OutputDirectoryLock.withLock(directory: outputDirectory, waiting: waiting) {
            try buildLocked(names, known: known, warning: warning)
        }
    }

    /// The build proper, under the output folder's lock.
    private func buildLocked(_ names: [String], known: [String], warning: (PublishWarning) -> Void) throws -> [(
        database: String, result: Result<Outcome, Error>
    )] {
        let previous = BuildManifest.read(in: outputDirectory)
        let clock = self.clock ?? .startingNow()

        let results = ResultCollector(count: names.count)
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            results.set(index, Result { try buildOne(name, previous: previous.databases[name], clock: clock) })
            progress?(BuildProgress(database: name, step: .finished))
        }
        var manifest = previous
        var outcomes: [(database: String, result: Result<Outcome, Error>)] = []
        var published: [String] = []
        for (index, name) in names.enumerated() {
            let result = results.get(index)
            if case .success(.built(let built, _)) = result {
                manifest.databases[name] = BuildManifest.Entry(built)
                published.append("\(outputDirectory)/\(built.file)")
            }
            outcomes.append((name, result))
        }
        // Entries of databases that no longer exist would describe files nobody builds.
        manifest.databases = manifest.databases.filter { known.contains($0.key) }
        // One fsync for every rename; past the renames nothing fails the build but the manifest itself.
        if !published.isEmpty, let problem = PublishWarning.syncing(outputDirectory, published: published) {
            warning(problem)
        }
        if manifest != previous || !FileSystem.exists("\(outputDirectory)/\(BuildManifest.fileName)") {
            try manifest.publish(in: outputDirectory, after: published, warning: warning)
        }
        return outcomes
    }

    /// Refuses configurations where two databases, or a database and the manifest, would write the same file
    /// (compared without case, as on the default macOS file system).
    ///
    /// - Throws: ``ConfigurationError`` with an ``ConfigurationError/Reason/outputCollision(database:file:owner:)``
    ///   at each colliding database's `output` value.
    static func checkOutputNames(project: KilnProject, databases: [String]) throws {
        let configuration = project.configuration
        var owners: [String: ConfigurationError.OutputOwner] = [BuildManifest.fileName.lowercased(): .manifest]
        var problems: [ConfigurationError.Problem] = []
        for database in databases {
            let file = configuration.settings(for: database).outputName(for: database)
            if let owner = owners[file.lowercased()] {
                problems.append(
                    ConfigurationError.Problem(
                        .outputCollision(database: database, file: file, owner: owner),
                        at: configuration.outputLocation(for: database)))
            } else {
                owners[file.lowercased()] = .database(database)
            }
        }
        guard problems.isEmpty else { throw ConfigurationError(problems) }
    }

    private func buildOne(_ database: String, previous: BuildManifest.Entry?, clock: BuildClock) throws -> Outcome {
        let stopwatch = Stopwatch()
        let digest = try project.sourceDigest(for: database)
        let file = project.configuration.settings(for: database).outputName(for: database)
        let output = "\(outputDirectory)/\(file)"
        if !force, let previous, previous.sourceDigest == digest.hex, previous.file == file, previous.matches(clock),
            FileSystem.exists(output),
            try FileSystem.sha256(ofFileAt: output).hex == previous.sha256
        {
            return .upToDate(previous)
        }
        let temporary = OutputDirectoryLock.temporaryPath(in: outputDirectory, for: file)
        var builder = DatabaseBuilder(project: project, database: database, clock: clock)
        builder.destination = output
        if let progress { builder.progress = { progress(BuildProgress(database: database, step: $0)) } }
        let built = try builder.build(into: temporary, sourceDigest: digest)
        do {
            try FileSystem.rename(temporary, to: output)
        } catch {
            // Best effort: the next build sweeps temporary files under its lock anyway.
            try? FileSystem.remove(temporary)
            throw error
        }
        return .built(built, duration: stopwatch.elapsed)
    }
}
