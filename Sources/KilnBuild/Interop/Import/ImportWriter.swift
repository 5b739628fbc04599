import Kiln

/// Writes a plan into `migrations/<db>/`, all or nothing: every file is written (and fsynced) into a staging
/// folder beside it, `migrations/.<db>.kiln-import-<pid>-<random>`, which is fsynced and then renamed into
/// place, so a failure or a crash leaves no `migrations/<db>/` half imported, and nothing temporary is ever
/// inside the published folder (its files have their final names from the start). Staging folders whose
/// import was killed are swept by the next import into the same `migrations/` (see ``TemporaryName``).
package enum ImportWriter {
    /// The staging folders' names.
    static let staging = TemporaryName(mark: ".kiln-import-")

    /// Writes `plan` into the folder `database` of `migrationsFolder`.
    ///
    /// - Parameters:
    ///   - plan: what to write.
    ///   - migrationsFolder: the project's `migrations/` folder (created if missing).
    ///   - shownFolder: `migrations/<db>` as messages show it.
    /// - Returns: nil, or the failure of the last `fsync` after publishing: the files are in place, but their
    ///   names may not survive a power loss.
    /// - Throws: ``ImportError`` when the target already holds entries or a write fails, ``SQLiteError``
    ///   (`SQLITE_INTERRUPT`) when Ctrl-C came before the folder was published; nothing was imported.
    @discardableResult
    package static func write(_ plan: ImportPlan, into migrationsFolder: String, shownAs shownFolder: String) throws
        -> FileSystemError?
    {
        let target = "\(migrationsFolder)/\(plan.database)"
        staging.sweep(migrationsFolder)
        try requireEmpty(target, shownAs: shownFolder)
        let temporary = staging.path(for: plan.database, in: migrationsFolder)
        do {
            try FileSystem.createDirectory(temporary)
            try fill(temporary, with: plan)
            // rename(2) replaces a missing or empty folder, and fails if something appeared in it meanwhile.
            try FileSystem.rename(temporary, to: target)
        } catch {
            // Best effort: what is left, the next import sweeps.
            try? FileSystem.removeEntries(in: temporary) { _ in true }
            try? FileSystem.removeEmptyDirectory(temporary)
            if let error = error as? FileSystemError { throw ImportError(.cannotWrite(shownFolder, error)) }
            throw error
        }
        return FileSystem.syncAfterPublishing(in: migrationsFolder)
    }

    /// Writes the plan's files into the staging folder and makes its entries durable; a signal stops it
    /// between two files and, last, before the folder is published.
    ///
    /// - Throws: ``FileSystemError`` of a write; ``SQLiteError`` (`SQLITE_INTERRUPT`) after Ctrl-C.
    private static func fill(_ folder: String, with plan: ImportPlan) throws {
        for migration in plan.migrations {
            try SQLiteInterrupt.check()
            try FileSystem.writeNewFile(migration.bytes, to: "\(folder)/\(migration.fileName)")
        }
        try FileSystem.writeNewFile(plan.manifest, to: "\(folder)/imported.json")
        try FileSystem.sync(folder)
        try SQLiteInterrupt.check()
    }

    /// Refuses a target that exists and is not an empty folder.
    ///
    /// - Throws: ``ImportError/Reason/targetNotAFolder(_:_:)`` or ``ImportError/Reason/targetNotEmpty(_:)``.
    package static func requireEmpty(_ target: String, shownAs shownFolder: String) throws {
        guard FileSystem.exists(target) else { return }
        if let kind = FileSystem.kind(of: target), kind != .directory {
            throw ImportError(.targetNotAFolder(shownFolder, kind))
        }
        let entries = (try? FileSystem.contentsOfDirectory(target)) ?? [""]
        guard entries.isEmpty else { throw ImportError(.targetNotEmpty(shownFolder)) }
    }
}
