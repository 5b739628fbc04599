import Foundation
import KilnTestSupport
import Testing

@Suite("kiln on a pseudo-terminal")
struct PseudoTerminalTests {
    @Test("the terminal helper runs kiln with both streams on a terminal and reports its exit status")
    func helperRunsKiln() throws {
        let folder = try TemporaryDirectory()
        let version = try KilnBinary.runInTerminal(["--version"], in: folder.url)
        #expect(version.status == 0)
        #expect(version.normalized.hasSuffix("\n") && !version.normalized.isEmpty, "\(version.text)")
        let unknown = try KilnBinary.runInTerminal(["frobnicate"], in: folder.url)
        #expect(unknown.status == 64, "\(unknown.text)")
        #expect(unknown.normalized.contains("unknown subcommand 'frobnicate'"))
    }
}
