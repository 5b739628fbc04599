import Foundation
import KilnTestSupport
import Testing

/// The rules every test that drives a process or a terminal follows, so the suite passes on a busy machine too.
@Suite("test drivers: blocking reads on threads of their own, waits for what is expected")
struct TestDriverRulesTests {
    /// The test sources, `Tests/` of this repository.
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The APIs that watch a descriptor through a libdispatch source. On Linux, such a read source torn down
    /// when its pipe hangs up (the child exited) is unregistered off libdispatch's manager thread, which may
    /// still reach its freed bookkeeping: the whole test process crashed with SIGSEGV in
    /// `_dispatch_event_loop_drain` that way (a file handle's readability handler reading `script`'s output).
    static let dispatchReaders = [
        "readability" + "Handler", "writeability" + "Handler", "makeRead" + "Source", "makeWrite" + "Source",
        "Dispatch" + "IO",
    ]

    @Test("no test reads a pipe or a terminal through a dispatch source (a file handle's handlers, dispatch I/O)")
    func noDispatchReaders() throws {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: Self.tests, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in Self.dispatchReaders where text.contains(name) {
                found.append("\(file.lastPathComponent): \(name)")
            }
        }
        #expect(found.isEmpty, "read with Transcript (a blocking read on a thread of its own) instead: \(found)")
    }

    @Test("a terminal session waits for what it expects, and tells when it never came")
    func sessionWaits() throws {
        let folder = try TemporaryDirectory()
        let session = try TerminalSession(["--version"], in: folder.url)
        #expect(session.waitUntil { $0.contains("\n") }, "\(session.text.debugDescription)")
        #expect(!session.waitUntil(seconds: 30) { $0.contains("never printed") }, "the end ends the wait")
        let result = session.finish()
        #expect(result.status == 0 && result.text == session.text && !result.text.isEmpty)
    }
}
