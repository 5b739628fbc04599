import Foundation
import Kiln

/// `kiln reset`: replaces a developer's database with a fresh build, keeping the replaced file.
///
/// The protocol, under the lock the installer also takes (``FileLock`` on `.FILE.kiln-lock`), after sweeping
/// the temporary files of a reset that was killed (`.FILE.kiln-reset-*`):
///
/// 1. The fresh database is built beside the file (same folder, so the final rename is atomic).
/// 2. The old file is settled with SQLite (``OldDatabaseSettler``): an exclusive transaction rolls back a hot
///    journal, a WAL-mode file is switched to rollback-journal mode (which checkpoints its whole WAL and
///    removes the `-wal` and `-shm`), and a write transaction is then held until step 4 is done, so no other
///    process can write to the old file or create side files beside it meanwhile. The old file is complete on
///    its own. A file another process has open (SQLite reports it busy, or refuses to leave WAL mode) is a
///    ``ResetError`` unless `force`, which settles what it can without holding the lock.
/// 3. The old file gets a second name, `FILE.previous` (`link(2)`, so `FILE` never stops existing); with
///    `force`, a `-journal` that was beside it is carried along as `FILE.previous-journal` (replaying it
///    again is harmless), and a `-wal` SQLite could not empty as `FILE.previous-wal`. Without `force` SQLite
///    has settled both into the file, and no side file is kept.
/// 4. Side files left at `FILE` are removed, the folder is fsynced, and the fresh file is renamed over `FILE`:
///    the publishing step. Nothing after it can fail the reset: the folder's `fsync` becomes a
///    ``PublishWarning``.
///
/// So at every instant `FILE` is the complete old database (with its WAL, until SQLite has checkpointed it) or
/// the complete new one, and `FILE.previous` is complete (in rollback-journal mode; an app sets WAL again when
/// it opens it) when the reset returns.
package struct DeveloperReset: Sendable {
    /// What a reset did.
    package struct Report: Sendable {
        /// The fresh database.
        package let built: BuiltDatabase
        /// Whether an old file was kept as `.previous`.
        package let previousKept: Bool
        /// Set when the fresh file was published but the folder's `fsync` failed.
        package let warning: PublishWarning?
    }

    /// The project.
    package let project: KilnProject
    /// The database to build.
    package let database: String
    /// Replace the file even when another process has it open.
    package var force: Bool
    /// The clock of the fresh build: `SOURCE_DATE_EPOCH` when the caller read one, else the reset's start.
    package var clock: BuildClock?
    /// Called as the fresh build moves on and when it is put in place; nil (the default) reports nothing.
    package var progress: (@Sendable (BuildProgress) -> Void)?

    /// A reset for one database.
    package init(project: KilnProject, database: String, force: Bool = false) {
        self.project = project
        self.database = database
        self.force = force
    }

    /// Builds and swaps in a fresh database at `path`.
    ///
    /// - Parameters:
    ///   - path: the file to replace (created if missing).
    ///   - waiting: called once if another reset or an install of `path` holds its lock.
    /// - Throws: build errors, ``FileSystemError`` for a missing folder or lock, or ``ResetError`` when another
    ///   process has the file open or a step before publishing failed; the file is then the complete old
    ///   database.
    /// - Returns: the fresh database, whether the old file was kept, and a durability warning if any.
    package func reset(path: String, waiting: () -> Void = {}) throws -> Report {
        let names = ResetNames(path: path)
        // No folder is created: a mistyped path is an error, not a new tree of folders.
        guard FileSystem.isDirectory(names.directory) else {
            throw FileSystemError(
                .open, path: names.directory, code: FileSystem.exists(names.directory) ? ENOTDIR : ENOENT)
        }
        return try FileLock.withExclusiveLock(at: names.lock, onWait: waiting) {
            try names.sweep()
            let temporary = names.temporary()
            do {
                var builder = DatabaseBuilder(project: project, database: database, clock: clock ?? .startingNow())
                builder.destination = path
                if let progress { builder.progress = { progress(BuildProgress(database: database, step: $0)) } }
                let built = try builder.build(into: temporary, sourceDigest: try project.sourceDigest(for: database))
                progress?(BuildProgress(database: database, step: .publishing))
                let existed = FileSystem.exists(path)
                try publish(temporary, names, existed: existed)
                let warning = PublishWarning.syncing(names.directory, published: [path])
                return Report(built: built, previousKept: existed, warning: warning)
            } catch {
                // Best effort while the real error is thrown; the next reset sweeps what is left.
                try? FileSystem.remove(temporary)
                try? FileSystem.remove(temporary + "-journal")
                throw error
            }
        }
    }

    /// Everything from settling the old file to the publishing rename; a failure leaves `FILE` the complete
    /// old database and says so.
    private func publish(_ temporary: String, _ names: ResetNames, existed: Bool) throws {
        let replace = {
            try FileSystem.sync(names.directory)
            try FileSystem.rename(temporary, to: names.path)
        }
        do {
            if existed {
                try keepPrevious(names, thenPublish: replace)
            } else {
                // Side files of no file (a WAL would be read as the new file's): nothing of them can be opened.
                for suffix in ["-journal", "-wal", "-shm"] { try FileSystem.remove(names.path + suffix) }
                try replace()
            }
        } catch let error as FileSystemError {
            throw ResetError(.notReplaced(path: names.path, error))
        } catch let error as SQLiteError {
            throw ResetError(.cannotSettle(path: names.path, error))
        }
    }

    /// Settles the old file, gives it the name `FILE.previous`, clears `FILE`'s side files and publishes,
    /// all while SQLite's write lock on the old file keeps other processes from writing to it.
    private func keepPrevious(_ names: ResetNames, thenPublish replace: () throws -> Void) throws {
        // With force, the journal's bytes as they were, before SQLite rolls it back (a link: no copy): what
        // another process still had open may need it. Without, SQLite rolls a hot journal back into the file
        // under its exclusive lock, so FILE.previous is complete without one, and a journal beside it (of a
        // reset killed while it left WAL mode, say) would only be litter no later reset sweeps.
        let carriedJournal = force ? try names.carry("-journal") : names.temporary()
        defer { try? FileSystem.remove(carriedJournal) }
        try OldDatabaseSettler(path: names.path, force: force).settle {
            let carriedWAL = force ? try names.carry("-wal") : names.temporary()
            defer { try? FileSystem.remove(carriedWAL) }
            for suffix in ["", "-journal", "-wal", "-shm"] { try FileSystem.remove(names.previous + suffix) }
            try names.publishCarried(carriedJournal, as: "-journal")
            try names.publishCarried(carriedWAL, as: "-wal")
            try FileSystem.link(names.path, to: names.previous)
            // Settled and locked: what is left beside FILE holds no data of it (or, with force, was carried).
            for suffix in ["-journal", "-wal", "-shm"] { try FileSystem.remove(names.path + suffix) }
            try replace()
        }
    }
}
