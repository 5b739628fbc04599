import Foundation
import KilnTestSupport
import Testing

@Suite("--json when a signal stops the command (the built kiln)", .serialized)
struct JSONErrorsInterruptTests {
    @Test("Ctrl-C during kiln seed --json: exit 130 and one error document saying it was interrupted")
    func interruptedSeed() throws {
        let folder = try InterruptTests.bigProject()
        #expect(try KilnBinary.run(["migrate", "big", "--db", "big.sqlite"], in: folder.url).status == 0)
        let (result, sent) = try KilnBinary.run(
            ["seed", "big", "--db", "big.sqlite", "--json"], in: folder.url, signal: SIGINT,
            when: { folder.exists("big.sqlite-journal") })
        #expect(sent, "the seed ended before it could be interrupted")
        #expect(result.status == 130, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        let document = try #require(object as? [String: Any], "\(result.standardOutput)")
        #expect(document["command"] as? String == "seed" && document["outcome"] as? String == "interrupted")
        #expect(document["exitStatus"] as? Int == 130 && document["formatVersion"] as? Int == 1)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(
            diagnostics.last?["message"] as? String
                == "interrupted (SIGINT): big.sqlite is as it was; the load was rolled back")
        #expect(
            result.standardError.hasSuffix(
                "kiln: error: interrupted (SIGINT): big.sqlite is as it was; the load was rolled back\n"))
    }
}
