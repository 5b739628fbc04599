import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Makes a named pipe (`mkfifo`) at `path`.
public func makeFIFO(_ path: String) throws {
    guard mkfifo(path, 0o644) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

/// Binds a Unix domain socket at `path` (and closes it: the socket file stays).
public func makeSocketFile(_ path: String) throws {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw POSIXError(.ENAMETOOLONG) }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    }
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

/// Runs `body` on a thread of its own and waits at most `seconds` for it, so that code which wrongly blocks
/// on a FIFO fails a test instead of hanging the suite. When the deadline passes, each of `fifos` is opened
/// for writing and closed again, which releases a reader blocked on it, and the thread is given a few more
/// seconds to finish.
///
/// - Returns: what `body` returned, or nil when it did not return in time.
public func withDeadline<Result: Sendable>(
    _ seconds: Double, unblocking fifos: [String] = [], _ body: @escaping @Sendable () -> Result
) -> Result? {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.set(body())
        done.signal()
    }
    thread.start()
    if done.wait(timeout: .now() + seconds) == .success { return box.get() }
    for fifo in fifos {
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }
    _ = done.wait(timeout: .now() + 10)
    return nil
}

private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}
