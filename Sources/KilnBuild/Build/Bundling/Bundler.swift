import Foundation
import Kiln

/// `kiln build`: turns a project's migrations and seeds into the database files apps ship.
///
/// Each database is built into a temporary file in the output folder by ``DatabaseBuilder``, checked by
/// ``BuildInvariants``, and published with `rename(2)`, so the output is always either the previous file or the
/// complete new one; one fsync of the folder follows the renames, then the manifest is written (before the
/// renames, it was written without the entries of the files about to be replaced). Databases build
/// in parallel. A database whose sources, settings and tool versions are unchanged, and whose output still has
/// its recorded SHA-256, is not rebuilt. `kiln-manifest.json` records every output.
package struct Bundler: Sendable {
    /// What happened to one database.
    package enum Outcome: Sendable, Equatable {
        /// Built and published, in `duration` seconds (measured on a monotonic clock).
        case built(BuiltDatabase, duration: TimeInterval)
        /// Unchanged since the last build; the manifest's entry still describes the output.
        case upToDate(BuildManifest.Entry)
    }

    /// The project.
    package let project: KilnProject
    /// The output folder.
    package let outputDirectory: String
    /// Rebuild even when up to date.
    package var force = false
    /// What the build's SQL sees as 'now': nil for the time ``build(_:waiting:warning:)`` starts, the same for
    /// every database. A file built with another `SOURCE_DATE_EPOCH` clock is not up to date.
    package var clock: BuildClock?
    /// Called as each database's build moves on (from several threads at once: databases build in parallel);
    /// nil (the default) reports nothing.
    package var progress: (@Sendable (BuildProgress) -> Void)?

    /// A bundler writing into `outputDirectory`.
    package init(project: KilnProject, outputDirectory: String, force: Bool = false) {
        self.project = project
        self.outputDirectory = outputDirectory
        self.force = force
    }

    /// Builds `databases` (all of the project's when empty).
    ///
    /// Every database file is published (renamed into place) before the manifest is written, and the
    /// manifest only after one `fsync` of the folder: when this returns, the manifest describes the files.
    /// Before a file is replaced, the manifest leaves its entry out, so that a kill between the two never
    /// leaves a manifest describing the old file beside the new one.
    ///
    /// - Parameters:
    ///   - databases: the databases to build; all of the project's when empty.
    ///   - waiting: called once if another build holds the output folder's lock.
    ///   - warning: called when files were published but the folder's `fsync` failed (the build still succeeds).
    /// - Throws: ``ProjectError`` for an unknown database, ``ConfigurationError`` when two outputs collide,
    ///   ``FileSystemError`` when the output folder or its lock cannot be written (nothing was published), or
    ///   ``ManifestNotWrittenError`` when the manifest could not be written (before anything was published, or
    ///   after: the error lists the files published, which the manifest then leaves out).
    /// - Returns: each database's outcome, in the order given, or the errors of those that failed; a failed
    ///   database leaves its previous output untouched, the others are still built.
    package func build(
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

    /// The build proper, under the output folder's lock: which databases are up to date (in parallel), the
    /// manifest without the entries of those about to be replaced, the builds (in parallel, each published
    /// when done), one fsync, then the manifest. The manifest never describes a file it does not match, at
    /// any moment a kill can stop the build: an entry leaves before its file is replaced and comes back
    /// describing the new one.
    private func buildLocked(_ names: [String], known: [String], warning: (PublishWarning) -> Void) throws -> [(
        database: String, result: Result<Outcome, Error>
    )] {
        let previous = BuildManifest.read(in: outputDirectory)
        let clock = self.clock ?? .startingNow()
        let plans = Self.inParallel(names.count) { index in
            try plan(names[index], previous: previous.databases[names[index]], clock: clock)
        }
        let replaced = names.indices.filter { (try? plans[$0].get().isUpToDate) == false }.map { names[$0] }
        let onDisk = try retract(previous, replacing: replaced)
        let results = Self.inParallel(names.count) { index in
            defer { progress?(BuildProgress(database: names[index], step: .finished)) }
            return try build(names[index], plans[index].get(), clock: clock)
        }
        var manifest = previous
        var published: [String] = []
        for (name, result) in zip(names, results) {
            if case .success(.built(let built, _)) = result {
                manifest.databases[name] = BuildManifest.Entry(built)
                published.append("\(outputDirectory)/\(built.file)")
            }
        }
        // Entries of databases that no longer exist would describe files nobody builds.
        manifest.databases = manifest.databases.filter { known.contains($0.key) }
        // One fsync for every rename; past the renames nothing fails the build but the manifest itself.
        if !published.isEmpty, let problem = PublishWarning.syncing(outputDirectory, published: published) {
            warning(problem)
        }
        if manifest != onDisk || !FileSystem.exists("\(outputDirectory)/\(BuildManifest.fileName)") {
            try manifest.publish(in: outputDirectory, after: published, warning: warning)
        }
        return Array(zip(names, results))
    }

    /// Writes the manifest without the entries of `replaced` (the databases about to be rebuilt), before any
    /// of their files is replaced; nothing when it has none of them.
    ///
    /// - Returns: the manifest now on disk.
    /// - Throws: ``ManifestNotWrittenError`` when that manifest cannot be written: nothing was published.
    private func retract(_ previous: BuildManifest, replacing replaced: [String]) throws -> BuildManifest {
        var retracted = previous
        for name in replaced { retracted.databases[name] = nil }
        guard retracted != previous else { return previous }
        try retracted.publish(in: outputDirectory, after: [], warning: { _ in })
        return retracted
    }

    /// Runs `body` for each index in parallel and collects the results in order.
    private static func inParallel<Value: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> Value)
        -> [Result<Value, Error>]
    {
        let results = ResultCollector<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, Result { try body(index) }) }
        return (0..<count).map { results.get($0) }
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

    /// What a database's build needs: nothing (up to date), or building from `digest` into `file`.
    enum Plan: Sendable {
        /// Its output still matches this entry.
        case upToDate(BuildManifest.Entry)
        /// It is built from sources with this digest into this file of the output folder.
        case build(digest: SHA256Digest, file: String)

        /// Whether nothing is to be built.
        var isUpToDate: Bool {
            if case .upToDate = self { return true }
            return false
        }
    }

    /// Whether `database` is up to date: unchanged sources, settings and tool versions, and an output that
    /// still has its recorded SHA-256.
    private func plan(_ database: String, previous: BuildManifest.Entry?, clock: BuildClock) throws -> Plan {
        let digest = try project.sourceDigest(for: database)
        let file = project.configuration.settings(for: database).outputName(for: database)
        let output = "\(outputDirectory)/\(file)"
        if !force, let previous, previous.sourceDigest == digest.hex, previous.file == file, previous.matches(clock),
            FileSystem.exists(output),
            try FileSystem.sha256(ofFileAt: output).hex == previous.sha256
        {
            return .upToDate(previous)
        }
        return .build(digest: digest, file: file)
    }

    /// Builds `database` as `plan` says into a temporary file and renames it into place.
    private func build(_ database: String, _ plan: Plan, clock: BuildClock) throws -> Outcome {
        let digest: SHA256Digest
        let file: String
        switch plan {
        case .upToDate(let entry): return .upToDate(entry)
        case .build(let planned, let output): (digest, file) = (planned, output)
        }
        let stopwatch = Stopwatch()
        let output = "\(outputDirectory)/\(file)"
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
