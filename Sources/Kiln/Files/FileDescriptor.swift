#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// An open file, owned by exactly one value: it cannot be copied, and it is closed when the value goes away
/// (or earlier by ``close()``, which reports a late write error). Every descriptor is opened with
/// `O_CLOEXEC`, so no child process inherits it, and every call on it retries `EINTR` through
/// ``retryingOnInterrupt(_:)``.
///
/// This is the only place in kiln that calls `open`, `read`, `write` and `close`.
package struct FileDescriptor: ~Copyable {
    /// How a file is opened.
    package enum Access {
        /// Read an existing regular file. The file is opened with `O_NONBLOCK` and checked with `fstat`
        /// before anything reads it: a folder, FIFO, socket or device is refused
        /// (``FileSystemError/Cause/notARegularFile(_:)``) instead of waiting forever for a writer. A symbolic
        /// link is followed: what counts is the file it points to.
        case readOnly
        /// Create a new file for writing; fails with `EEXIST` if the name is taken.
        case createNew(permissions: mode_t)
        /// Open for reading and writing, creating the file when it is absent (lock files).
        case readWriteCreating(permissions: mode_t)
        /// Open an existing folder, to `fsync` it.
        case directory
        /// Open an existing file or folder of any kind, read-only and without blocking, only to `fsync` it.
        case anyKindToSync
    }

    /// The descriptor number; -1 once ``close()`` has run.
    package private(set) var rawValue: Int32
    /// The path it was opened with, for error messages.
    package let path: String

    /// Opens `path` as `access` says.
    ///
    /// - Throws: ``FileSystemError`` with the `errno` of `open`, or a refusal of a path that is not a regular
    ///   file when reading (``Access/readOnly``).
    package init(opening path: String, _ access: Access) throws(FileSystemError) {
        let (flags, permissions, operation) = Self.flags(for: access)
        let descriptor = retryingOnInterrupt { open(path, flags | O_CLOEXEC, permissions) }
        guard descriptor >= 0 else {
            let code = errno
            // A socket cannot be opened at all (`ENXIO`); say what it is rather than what `open` said.
            if case .readOnly = access, let kind = FileSystem.kind(of: path), kind != .regularFile {
                throw FileSystemError(operation, path: path, notARegularFile: kind)
            }
            throw FileSystemError(operation, path: path, code: code)
        }
        if case .readOnly = access {
            do { try Self.requireRegularFile(descriptor, path: path) } catch {
                _ = Self.closeIgnoringInterrupt(descriptor)
                throw error
            }
        }
        self.rawValue = descriptor
        self.path = path
    }

    /// The `open` flags, mode and reported operation of an access.
    private static func flags(for access: Access) -> (Int32, mode_t, FileSystemError.Operation) {
        switch access {
        case .readOnly: (O_RDONLY | O_NONBLOCK, 0, .open)
        case .createNew(let mode): (O_WRONLY | O_CREAT | O_EXCL, mode, .create)
        case .readWriteCreating(let mode): (O_RDWR | O_CREAT | O_NONBLOCK, mode, .open)
        case .directory: (O_RDONLY | O_DIRECTORY, 0, .open)
        case .anyKindToSync: (O_RDONLY | O_NONBLOCK, 0, .open)
        }
    }

    /// Refuses a descriptor that is not a regular file, then turns `O_NONBLOCK` off again, so that reads of a
    /// slow (network) file wait as usual.
    private static func requireRegularFile(_ descriptor: Int32, path: String) throws(FileSystemError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemError(.stat, path: path, code: errno) }
        let kind = FileKind(mode: status.st_mode)
        guard kind == .regularFile else { throw FileSystemError(.open, path: path, notARegularFile: kind) }
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw FileSystemError(.open, path: path, code: errno)
        }
    }

    deinit {
        if rawValue >= 0 { _ = Self.closeIgnoringInterrupt(rawValue) }
    }

    /// Closes the file now and reports what `close` reports (a network or FUSE file system can report a
    /// failed write only here). The descriptor is released either way.
    package consuming func close() throws {
        let descriptor = rawValue
        rawValue = -1
        guard Self.closeIgnoringInterrupt(descriptor) == 0 else {
            throw FileSystemError(.close, path: path, code: errno)
        }
    }

    /// `close` must not be retried on `EINTR` (the descriptor is already released on Linux and may have been
    /// reused by another thread), so an interrupted close counts as done.
    private static func closeIgnoringInterrupt(_ descriptor: Int32) -> Int32 {
        let result = systemClose(descriptor)
        return result == -1 && errno == EINTR ? 0 : result
    }

    /// Reads up to `buffer.count` bytes at the current position; 0 means the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = retryingOnInterrupt { systemRead(rawValue, base, buffer.count) }
        guard count >= 0 else { throw FileSystemError(.read, path: path, code: errno) }
        return count
    }

    /// Reads up to `count` bytes starting at byte `offset`, without moving the position; fewer at the end.
    package func read(upTo count: Int, at offset: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt {
                    pread(rawValue, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
                }
            }
            guard got >= 0 else { throw FileSystemError(.read, path: path, code: errno) }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// Reads from the current position to the end of the file, into a buffer sized from the start (growing
    /// one by doubling would hold the old and the new buffer at once, about 1.25 times a large file).
    package func readToEnd() throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity((try? size()) ?? 0)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
            if count == 0 { return result }
            result.append(contentsOf: chunk.prefix(count))
        }
    }

    /// Writes all of `bytes`, continuing after short writes.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = retryingOnInterrupt { systemWrite(rawValue, base + written, bytes.count - written) }
            guard count >= 0 else { throw FileSystemError(.write, path: path, code: errno) }
            written += count
        }
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// `fsync`: the file's data and size are on the disk when this returns. On Apple platforms, where `fsync`
    /// leaves data in the drive's cache, `F_FULLFSYNC` asks the drive to write it, with `fsync` as the fallback
    /// on file systems that do not support it.
    package func sync() throws(FileSystemError) {
        #if canImport(Darwin)
            if retryingOnInterrupt({ fcntl(rawValue, F_FULLFSYNC) }) == 0 { return }
        #endif
        guard retryingOnInterrupt({ fsync(rawValue) }) == 0 else {
            throw FileSystemError(.fsync, path: path, code: errno)
        }
    }

    /// Whether the file is a regular file (not a folder, FIFO, socket or device).
    package func isRegularFile() throws -> Bool { try kind() == .regularFile }

    /// What the open file is (a regular file, a folder, a FIFO, ...).
    package func kind() throws -> FileKind {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw FileSystemError(.stat, path: path, code: errno) }
        return FileKind(mode: status.st_mode)
    }

    /// The file's size in bytes.
    package func size() throws -> Int {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw FileSystemError(.stat, path: path, code: errno) }
        return Int(status.st_size)
    }
}
