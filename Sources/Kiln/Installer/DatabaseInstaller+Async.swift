import Foundation

extension DatabaseInstaller {
    /// The stack of the thread that runs an `async` install: the size a fleet worker gets, room for SQLite's
    /// deepest parse of a migration.
    static let installThreadStackSize = 4 << 20

    /// The name of the thread that runs an `async` install, as a debugger or a backtrace shows it.
    static let installThreadName = "kiln install"

    /// Installs, upgrades or repairs the copy from an `async` context, such as an app's launch task, without
    /// blocking the caller's executor; it does exactly what the synchronous ``install()-1ib3r`` does.
    ///
    /// The install runs on a thread of its own, started for it, while the calling task is suspended: waiting
    /// for another install's lock, copying the bundled file and running the migrations then hold no thread
    /// of the cooperative pool and not the main actor. ``copyProgress`` and ``prepareConnection`` are called
    /// on that thread. Should the system refuse a new thread, the install runs on the caller's thread
    /// instead, as the synchronous call would.
    ///
    /// An install is all or nothing, so cancelling the task does not stop it: it finishes, and its report
    /// (or error) is returned.
    ///
    /// ```swift
    /// let report = try await installer.install()
    /// let connection = try SQLiteConnection(path: installer.destination.path)
    /// ```
    ///
    /// - Returns: what the install did and which reference tables it rewrote.
    /// - Throws: ``InstallerError``, or what ``prepareConnection`` throws; the copy is then unchanged.
    @discardableResult
    public func install() async throws -> Report {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Report, any Error>) in
            let started = DetachedThread.start(stackSize: Self.installThreadStackSize) { [self] in
                Thread.current.name = Self.installThreadName
                continuation.resume(with: Result { try install() })
            }
            if !started { continuation.resume(with: Result { try install() }) }
        }
    }
}
