#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FileSystem {
    /// The temporary names of ``writeAtomically(_:to:_:permissions:)``.
    package static let atomicWriteTemporaries = TemporaryName(mark: ".kiln-tmp-write-")

    /// How ``writeAtomically(_:to:_:permissions:)`` publishes the new file.
    package enum Publish: Sendable {
        /// `rename(2)` over whatever is at the path (a manifest, `kiln.sum`).
        case replacing
        /// `link(2)`, which fails with `EEXIST` when the path is taken (a new migration file).
        case creatingOnly
    }

    /// Writes `bytes` to `path` so that a reader, a crash or a full disk sees either no file (or the old
    /// one) or the whole new file, never part of it: the bytes go to a temporary file beside `path`, which
    /// is fsynced and closed, then published by `rename` or `link`, then the folder is fsynced so the new
    /// name is durable. Everything that can fail before publishing does; the temporary file is removed
    /// whatever happens.
    ///
    /// Temporary names are `.<name>.kiln-tmp-write-<pid>-<random>` (``atomicWriteTemporaries``): before
    /// writing, those in the same folder whose process has ended (left by a killed run) are swept.
    ///
    /// - Parameters:
    ///   - bytes: the new contents.
    ///   - path: the file to write; its folder must exist.
    ///   - publish: whether an existing file is replaced or refused.
    ///   - permissions: the mode of the new file.
    /// - Returns: nil, or the failure of the folder's `fsync` after publishing: the file is in place, but its
    ///   new name may not survive a power loss (see ``syncAfterPublishing(in:)``).
    /// - Throws: ``FileSystemError`` of the step that failed before publishing (`EEXIST` from `link` when
    ///   publishing with ``Publish/creatingOnly`` and the name is taken), or ``SQLiteError``
    ///   (`SQLITE_INTERRUPT`) when Ctrl-C came before the publishing step; nothing was published.
    @discardableResult
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, _ publish: Publish = .replacing, permissions: mode_t = 0o644
    ) throws -> FileSystemError? {
        let folder = parentDirectory(of: path)
        atomicWriteTemporaries.sweep(folder)
        let temporary = atomicWriteTemporaries.path(for: lastComponent(of: path), in: folder)
        do {
            let file = try FileDescriptor(opening: temporary, .createNew(permissions: permissions))
            try file.write(bytes)
            try file.sync()
            try file.close()
            // The last moment Ctrl-C (the command line's `SQLiteInterrupt.request()`) stops the write.
            try SQLiteInterrupt.check()
            switch publish {
            case .replacing: try rename(temporary, to: path)
            case .creatingOnly: try link(temporary, to: path)
            }
        } catch {
            try? remove(temporary)
            throw error
        }
        // Published: the temporary name left by `link` is only litter now, never a reason to report failure.
        if publish == .creatingOnly { try? remove(temporary) }
        return syncAfterPublishing(in: folder)
    }
}

extension FileSystem {
    /// Writes `bytes` to a new file at `path` (which must not exist), fsyncs it and closes it: a file of a
    /// folder that is published as a whole by renaming it (`kiln import`), where no temporary name of its own
    /// may be left inside. Durable once the folder is fsynced too.
    ///
    /// - Throws: ``FileSystemError`` of the step that failed (`EEXIST` when the name is taken); a partial
    ///   file may be left for the caller, who removes the whole folder.
    package static func writeNewFile(_ bytes: [UInt8], to path: String, permissions: mode_t = 0o644) throws {
        let file = try FileDescriptor(opening: path, .createNew(permissions: permissions))
        try file.write(bytes)
        try file.sync()
        try file.close()
    }
}
