import Foundation
import Kiln

/// Writes a plan into `migrations/<db>/`, all or nothing: every file goes (through
/// ``FileSystem/writeAtomically(_:to:_:permissions:)``) into a temporary sibling folder, which is then renamed
/// into place, so a failure or a crash leaves no `migrations/<db>/` half imported.
public enum ImportWriter {
    /// Writes `plan` into the folder `database` of `migrationsFolder`.
    ///
    /// - Parameters:
    ///   - plan: what to write.
    ///   - migrationsFolder: the project's `migrations/` folder (created if missing).
    ///   - shownFolder: `migrations/<db>` as messages show it.
    /// - Returns: nil, or the failure of the last `fsync` after publishing: the files are in place, but their
    ///   names may not survive a power loss.
    /// - Throws: ``ImportError`` when the target already holds entries or a write fails; nothing was imported.
    @discardableResult
    public static func write(_ plan: ImportPlan, into migrationsFolder: String, shownAs shownFolder: String) throws
        -> FileSystemError?
    {
        let target = "\(migrationsFolder)/\(plan.database)"
        try requireEmpty(target, shownAs: shownFolder)
        let temporary =
            "\(migrationsFolder)/.\(plan.database).kiln-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileSystem.createDirectory(temporary)
            for migration in plan.migrations {
                try FileSystem.writeAtomically(migration.bytes, to: "\(temporary)/\(migration.fileName)", .creatingOnly)
            }
            try FileSystem.writeAtomically(plan.manifest, to: "\(temporary)/imported.json", .creatingOnly)
            // rename(2) replaces a missing or empty folder, and fails if something appeared in it meanwhile.
            try FileSystem.rename(temporary, to: target)
        } catch let error as FileSystemError {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ImportError(.cannotWrite(shownFolder, error))
        }
        return FileSystem.syncAfterPublishing(in: migrationsFolder)
    }

    /// Refuses a target that exists and is not an empty folder.
    ///
    /// - Throws: ``ImportError/Reason/targetNotAFolder(_:_:)`` or ``ImportError/Reason/targetNotEmpty(_:)``.
    public static func requireEmpty(_ target: String, shownAs shownFolder: String) throws {
        guard FileSystem.exists(target) else { return }
        if let kind = FileSystem.kind(of: target), kind != .directory {
            throw ImportError(.targetNotAFolder(shownFolder, kind))
        }
        let entries = (try? FileSystem.contentsOfDirectory(target)) ?? [""]
        guard entries.isEmpty else { throw ImportError(.targetNotEmpty(shownFolder)) }
    }
}
