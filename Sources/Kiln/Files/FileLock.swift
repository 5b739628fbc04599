#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The one cross-process lock kiln takes: an exclusive `flock(2)` on a lock file, held for the length of a
/// closure. The installer locks `.<database>.kiln-lock` beside the user's copy; a build locks
/// `.kiln-build.lock` in its output folder. The lock belongs to the open file, so it is released when the
/// closure returns or throws, and by the kernel if the process dies: a lock is never left behind.
///
/// The lock file is never written, so taking the lock costs no disk write. When the lock is not free within
/// the timeout, the error names the process holding it where the system says (Linux's `/proc/locks`).
package enum FileLock {
    /// Runs `body` while holding an exclusive lock on the file at `path` (created if absent).
    ///
    /// - Parameters:
    ///   - path: the lock file.
    ///   - timeout: how many seconds to wait for another holder; `nil` waits as long as it takes.
    ///   - onWait: called once, before waiting, when another process holds the lock.
    ///   - body: the work the lock protects.
    /// - Returns: what `body` returns.
    /// - Throws: ``FileSystemError`` with operation `lock` and code `EWOULDBLOCK` when the timeout passes, or
    ///   the error of `open`/`flock`; ``SQLiteError`` (`SQLITE_INTERRUPT`) when Ctrl-C ends the wait (see
    ///   ``SQLiteInterrupt``); or what `body` throws.
    package static func withExclusiveLock<Value>(
        at path: String, timeout: Double? = nil, onWait: () -> Void = {}, _ body: () throws -> Value
    ) throws -> Value {
        let file = try FileDescriptor(opening: path, .readWriteCreating(permissions: 0o644))
        if retryingOnInterrupt({ flock(file.rawValue, LOCK_EX | LOCK_NB) }) != 0 {
            guard errno == EWOULDBLOCK else { throw FileSystemError(.lock, path: path, code: errno) }
            onWait()
            try wait(for: file, timeout: timeout)
        }
        let outcome = Result { try body() }
        // Unlock explicitly before closing: a child process forked by another thread in the meantime holds a
        // copy of the descriptor until it execs (O_CLOEXEC closes it only then), and a lock that belongs to the
        // open file would live on in that copy. A failed close of a lock file that was never written loses
        // nothing.
        _ = retryingOnInterrupt { flock(file.rawValue, LOCK_UN) }
        try? file.close()
        return try outcome.get()
    }

    /// Waits for the lock, polling until the deadline (none: as long as it takes), with pauses that grow to
    /// 50 ms. Polling rather than a blocking `flock` lets a wait end on Ctrl-C: the command line blocks
    /// `SIGINT` in every thread, so a blocked `flock` would never return, and the wait checks
    /// ``SQLiteInterrupt`` between attempts instead.
    ///
    /// - Throws: ``FileSystemError`` when the deadline passes, ``SQLiteError`` (`SQLITE_INTERRUPT`) after
    ///   ``SQLiteInterrupt/request()``.
    private static func wait(for file: borrowing FileDescriptor, timeout: Double?) throws {
        let deadline = timeout.map { monotonicSeconds() + max(0, $0) }
        var pause = 0.001
        while true {
            if retryingOnInterrupt({ flock(file.rawValue, LOCK_EX | LOCK_NB) }) == 0 { return }
            let code = errno
            guard code == EWOULDBLOCK else { throw FileSystemError(.lock, path: file.path, code: code) }
            try SQLiteInterrupt.check()
            let now = monotonicSeconds()
            if let deadline, now >= deadline {
                throw FileSystemError(.lock, path: file.path, code: code, holder: try? holder(of: file))
            }
            sleep(seconds: min(pause, (deadline ?? .infinity) - now))
            pause = min(pause * 2, 0.05)
        }
    }

    /// Who holds the lock on `file`, from `/proc/locks` (Linux): `process <pid> (<name>)`; nil elsewhere.
    private static func holder(of file: borrowing FileDescriptor) throws -> String? {
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else { return nil }
        // `1: FLOCK  ADVISORY  WRITE 4242 08:01:131090 0 EOF`: the pid, then the file's major:minor:inode,
        // the device numbers in hex as glibc's major()/minor() split `st_dev`.
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
        let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
        let fileID = [String(major, radix: 16), String(minor, radix: 16), String(status.st_ino)]
        let locks = try String(decoding: FileSystem.contents(of: "/proc/locks"), as: UTF8.self)
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK" else { continue }
            let id = fields[5].split(separator: ":").map { $0.drop { $0 == "0" } }
            guard id.count == 3, zip(id, fileID).allSatisfy({ $0.0 == $0.1.drop { $0 == "0" } }) else { continue }
            return describeProcess(String(fields[4]))
        }
        return nil
    }

    /// `process <pid> (<name>)`, with the name from `/proc/<pid>/comm` when it can be read.
    private static func describeProcess(_ pid: String) -> String {
        let name = try? String(decoding: FileSystem.contents(of: "/proc/\(pid)/comm"), as: UTF8.self)
        let trimmed = name?.split(separator: "\n").first.map(String.init)
        return "process \(pid)" + (trimmed.map { " (\($0))" } ?? "")
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
