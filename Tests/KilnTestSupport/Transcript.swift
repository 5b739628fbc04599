import Foundation

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The bytes a thread of its own reads from a file handle to its end, which other threads may watch as they
/// arrive.
final class Transcript: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var ended = false

    /// Starts reading `handle` on a new thread, to its end.
    init(reading handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        let thread = Thread { [self] in
            // `handle` is kept alive, and so its descriptor open, until the end is read.
            withExtendedLifetime(handle) { readToEnd(descriptor) }
        }
        thread.start()
    }

    private func readToEnd(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            condition.withLock {
                if count > 0 { data.append(contentsOf: buffer[..<count]) } else { ended = true }
                condition.broadcast()
            }
            if count <= 0 { return }
        }
    }

    /// Everything read so far, as text.
    var text: String { condition.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits until the text read so far satisfies `holds`, or the end is read, or `deadline` passes.
    func waitUntil(_ deadline: Date, _ holds: (String) -> Bool) -> Bool {
        condition.withLock {
            while true {
                if holds(String(decoding: data, as: UTF8.self)) { return true }
                if ended || !condition.wait(until: deadline) { return holds(String(decoding: data, as: UTF8.self)) }
            }
        }
    }

    /// Waits for the end and returns every byte read.
    func wait() -> Data {
        condition.withLock {
            while !ended { condition.wait() }
            return data
        }
    }
}
