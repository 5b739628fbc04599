import Foundation
import KilnTestSupport
import Testing

/// What fish shows, candidates with their descriptions, in the real shell (review U17, U18).
@Suite("fish: each value has its own short description; init's new name offers no database")
struct CompletionFishValueTests {
    static let fish = ExternalTool("fish")

    /// What fish offers for `line` in `directory`, each `candidate<TAB>description` as fish prints it.
    static func offers(_ line: String, in directory: URL) throws -> [String] {
        let folder = try TemporaryDirectory()
        let path = try folder.write(
            "kiln.fish", try KilnBinary.run(["completions", "fish"], in: directory).standardOutput)
        let command = "source \(shellQuoted(path)); complete -C \(shellQuoted(line))"
        let result = try fish.run(["--no-config", "-c", command], in: directory)
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    @Test(
        "--mode and --color values carry their own meaning; --format's none; the options keep their help",
        .enabled(if: fish.runs))
    func valueDescriptions() throws {
        let project = try twoDatabaseProject()
        let kiln = KilnBinary.url.path
        #expect(
            try Self.offers("\(kiln) seed shop --mode ", in: project.url) == [
                "insert\tinsert every row; an existing key is an error", "sync\tmake the table equal to the CSV",
                "upsert\tinsert new rows, update existing ones",
            ])
        #expect(try Self.offers("\(kiln) schema shop --format ", in: project.url) == ["dot", "json", "mermaid", "sql"])
        let colors = try Self.offers("\(kiln) build --color ", in: project.url)
        #expect(colors.contains("never\tno colour") && colors.count == 3)
        #expect(
            try Self.offers("\(kiln) seed shop --mo", in: project.url) == ["--mode\tinsert (default), upsert or sync."])
    }

    @Test("kiln init <TAB> offers no existing database name", .enabled(if: fish.runs))
    func initOffersNoDatabase() throws {
        let project = try twoDatabaseProject()
        let offered = try Self.offers("\(KilnBinary.url.path) init ", in: project.url)
        #expect(!offered.contains { $0.hasPrefix("shop") || $0.hasPrefix("countries") }, "\(offered)")
    }
}
