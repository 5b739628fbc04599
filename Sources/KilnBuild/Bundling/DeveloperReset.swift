import Foundation
import Kiln

/// `kiln reset`: replaces a developer's database with a fresh build, keeping the replaced file.
///
/// The fresh database is built beside the file (same folder, so the final rename is atomic). The old file
/// gets a second name, `FILE.previous` (`link(2)`, so `FILE` never stops existing); its side files
/// (`-journal`, `-wal`, `-shm`) move to `FILE.previous-journal` and so on, so neither SQLite nor the new file
/// ever sees them; then the new file is renamed over `FILE`.
public struct DeveloperReset: Sendable {
    /// What a reset did.
    public struct Report: Sendable {
        /// The fresh database.
        public let built: BuiltDatabase
        /// Whether an old file was kept as `.previous`.
        public let previousKept: Bool
    }

    /// The project.
    public let project: KilnProject
    /// The database to build.
    public let database: String

    /// A reset for one database.
    public init(project: KilnProject, database: String) {
        self.project = project
        self.database = database
    }

    /// Builds and swaps in a fresh database at `path`.
    ///
    /// - Throws: build errors (the file and its side files are then untouched) or ``FileSystemError``.
    /// - Returns: the fresh database and whether the old file was kept.
    public func reset(path: String) throws -> Report {
        let directory = FileSystem.parentDirectory(of: path)
        let name = FileSystem.lastComponent(of: path)
        // Not the bundler's temporary name: a build into the same folder would sweep it.
        let temporary = "\(directory)/.\(name).kiln-reset-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let built = try DatabaseBuilder(project: project, database: database)
            .build(into: temporary, sourceDigest: try project.sourceDigest(for: database))
        do {
            let previous = path + ".previous"
            let existed = FileSystem.exists(path)
            if existed {
                for suffix in ["", "-journal", "-wal", "-shm"] { try FileSystem.remove(previous + suffix) }
                try FileSystem.link(path, to: previous)
                for suffix in ["-journal", "-wal", "-shm"] where FileSystem.exists(path + suffix) {
                    try FileSystem.rename(path + suffix, to: previous + suffix)
                }
            }
            try FileSystem.rename(temporary, to: path)
            try FileSystem.sync(directory)
            return Report(built: built, previousKept: existed)
        } catch {
            // Best effort while the real error is thrown; the temporary file is hidden and named as kiln's.
            try? FileSystem.remove(temporary)
            throw error
        }
    }
}
