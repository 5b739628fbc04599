#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

extension FileSystem {
    /// Copies a file's bytes to a new file (which must not exist, and is created with mode 0644) and fsyncs
    /// the copy, as fast as the platform allows:
    ///
    /// - Apple platforms: `clonefile(2)`, which on APFS shares the blocks and is near free; where it cannot
    ///   (another volume, HFS+) `fcopyfile(3)`.
    /// - Linux: `copy_file_range(2)`, which copies inside the kernel (or shares extents on Btrfs and XFS);
    ///   where it cannot (`EXDEV`, `ENOSYS`, `EINVAL`, `EOPNOTSUPP` before the first byte) a read/write loop
    ///   in 1 MiB chunks.
    ///
    /// `copied`, when given, is told the bytes copied so far after each chunk (Linux copies in chunks of
    /// 16 MiB, so that Ctrl-C stops a copy between two; Apple platforms copy in one call and tell it nothing).
    ///
    /// - Throws: ``FileSystemError`` with the failing call's `errno`, or ``SQLiteError`` (`SQLITE_INTERRUPT`)
    ///   after ``SQLiteInterrupt/request()``; a partial copy may be left at `destination` for the caller to
    ///   remove.
    package static func copyFile(_ source: String, to destination: String, copied: ((Int) -> Void)? = nil) throws {
        #if canImport(Darwin)
            if try cloneFile(source, to: destination) { return }
        #endif
        let input = try FileDescriptor(opening: source, .readOnly)
        let output = try FileDescriptor(opening: destination, .createNew(permissions: 0o644))
        #if canImport(Darwin)
            guard fcopyfile(input.rawValue, output.rawValue, nil, copyfile_flags_t(COPYFILE_DATA)) == 0 else {
                throw FileSystemError(.write, path: destination, code: errno)
            }
        #else
            if try !copyInKernel(from: input, to: output, copied: copied) {
                try copyThroughBuffer(from: input, to: output, copied: copied)
            }
        #endif
        try output.sync()
        try output.close()
    }

    #if canImport(Darwin)
        /// `clonefile(2)` then mode 0644 and `fsync` of the clone; returns false where the volume cannot
        /// clone, leaving nothing at `destination`.
        private static func cloneFile(_ source: String, to destination: String) throws -> Bool {
            guard clonefile(source, destination, UInt32(CLONE_NOFOLLOW | CLONE_NOOWNERCOPY)) == 0 else {
                guard errno == ENOTSUP || errno == EXDEV else {
                    throw FileSystemError(.create, path: destination, code: errno)
                }
                return false
            }
            guard chmod(destination, 0o644) == 0 else { throw FileSystemError(.create, path: destination, code: errno) }
            try sync(destination)
            return true
        }
    #else
        /// The signature of `copy_file_range(2)`, which Swift's Glibc module does not export.
        private typealias CopyFileRange =
            @convention(c) (
                Int32, UnsafeMutablePointer<Int>?, Int32, UnsafeMutablePointer<Int>?, Int, UInt32
            ) -> Int

        /// `copy_file_range` from the C library, looked up once; nil with a C library older than glibc 2.27.
        private static let copyFileRange: CopyFileRange? = dlsym(nil, "copy_file_range").map {
            unsafeBitCast($0, to: CopyFileRange.self)
        }

        /// Copies with `copy_file_range(2)` until the end of `input`; returns false, having copied nothing,
        /// where the kernel or the file systems cannot.
        private static func copyInKernel(
            from input: borrowing FileDescriptor, to output: borrowing FileDescriptor, copied report: ((Int) -> Void)?
        ) throws -> Bool {
            guard let copyFileRange else { return false }
            let chunk = 1 << 24
            var copied = 0
            while true {
                try SQLiteInterrupt.check()
                let count = retryingOnInterrupt { copyFileRange(input.rawValue, nil, output.rawValue, nil, chunk, 0) }
                if count == 0 { return true }
                if count > 0 {
                    copied += count
                    report?(copied)
                    continue
                }
                if copied == 0, [EXDEV, ENOSYS, EINVAL, EOPNOTSUPP].contains(errno) { return false }
                throw FileSystemError(.write, path: output.path, code: errno)
            }
        }

        /// Copies from the current positions of `input` and `output` to the end of `input`, in 1 MiB chunks.
        private static func copyThroughBuffer(
            from input: borrowing FileDescriptor, to output: borrowing FileDescriptor, copied report: ((Int) -> Void)?
        ) throws {
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var copied = 0
            while true {
                try SQLiteInterrupt.check()
                let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
                if count == 0 { break }
                try buffer.withUnsafeBytes { try output.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                copied += count
                report?(copied)
            }
        }
    #endif

}
