import Foundation
import KilnTestSupport
import Testing

/// Detection never guesses: a folder fitting several tools' shapes is refused naming them, unless a file only
/// one of them writes decides it; `--from` still overrides.
@Suite("kiln import: detection")
struct ImportDetectionTests {
    /// The fixtures' tools holding a file only that tool writes.
    static let deciding: Set<String> = ["flyway", "drizzle", "prisma"]

    @Test("a drizzle folder is drizzle's, never sqlx's; without its journal it fits both and is refused")
    func drizzleIsNotSQLx() throws {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = try #require(ImportFixture.all.first { $0.tool == "drizzle" })
        let detected = kiln(["import", "app", fixture.path, "--dry-run"], in: project.url)
        #expect(detected.status == 0, "\(detected.standardError)")
        #expect(detected.standardOutput.hasPrefix("would import 22 drizzle migrations"), "\(detected.standardOutput)")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path("drizzle"))
        try FileManager.default.removeItem(atPath: project.path("drizzle/meta/_journal.json"))
        let ambiguous = kiln(["import", "app", "drizzle"], in: project.url)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.standardError.contains("fits several layouts: sqlx, drizzle"), "\(ambiguous.standardError)")
        let forced = kiln(["import", "app", "drizzle", "--from", "sqlx", "--dry-run"], in: project.url)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(forced.standardOutput.hasPrefix("would import 22 sqlx migrations"), "\(forced.standardOutput)")
        let journal = kiln(["import", "app", "drizzle", "--from", "drizzle"], in: project.url)
        #expect(journal.status == 1)
        #expect(journal.standardError.contains("drizzle/meta/_journal.json is missing"), "\(journal.standardError)")
    }

    @Test("any two tools' folders merged are refused: naming both, or the other tool's file once one decides")
    func everyPair() throws {
        let fixtures = ImportFixture.all
        for (index, first) in fixtures.enumerated() {
            for second in fixtures[(index + 1)...] {
                let project = try TemporaryDirectory.emptyProject()
                let merged = project.path("merged")
                try FileManager.default.createDirectory(atPath: merged, withIntermediateDirectories: false)
                for fixture in [first, second] {
                    for entry in try FileManager.default.contentsOfDirectory(atPath: fixture.path) {
                        // Shared names (sqlx, goose and dbmate use the same stems) get a longer version.
                        let taken = FileManager.default.fileExists(atPath: "\(merged)/\(entry)")
                        try FileManager.default.copyItem(
                            atPath: "\(fixture.path)/\(entry)", toPath: "\(merged)/\(taken ? "9" : "")\(entry)")
                    }
                }
                let result = kiln(["import", "app", "merged"], in: project.url)
                let pair = "\(first.tool) + \(second.tool)"
                let decided = [first, second].filter { Self.deciding.contains($0.tool) }
                if decided.count == 1, let tool = decided.first?.tool {
                    // The deciding tool's reader takes the folder: the other's files are refused or listed.
                    #expect(!result.standardError.contains("fits several layouts"), "\(pair): \(result.standardError)")
                    #expect(
                        result.status == 1
                            || result.standardOutput.hasPrefix(
                                "imported \(first.upFiles.count + second.upFiles.count - (tool == first.tool ? second : first).upFiles.count) \(tool) migrations"
                            ),
                        "\(pair): \(result.standardOutput.prefix(200))")
                } else {
                    #expect(result.status == 1, "\(pair): \(result.standardOutput.prefix(200))")
                    #expect(result.standardError.contains("fits several layouts"), "\(pair): \(result.standardError)")
                    #expect(
                        result.standardError.contains(first.tool) && result.standardError.contains(second.tool),
                        "\(pair): \(result.standardError)")
                }
            }
        }
    }
}
