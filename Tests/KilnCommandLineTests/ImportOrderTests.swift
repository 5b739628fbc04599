import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Histories whose names change shape half-way, imported in their tool's own order, and adopted from a
/// database the tool made at a middle version.
@Suite("kiln import and migrate --adopt, in each tool's own order")
struct ImportOrderTests {
    /// The source files of `imported.json`'s migrations, in kiln's order.
    static func importedSources(_ project: TemporaryDirectory) throws -> [String] {
        let data = Data(try project.read("migrations/app/imported.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let migrations = try #require(manifest["migrations"] as? [[String: Any]])
        return migrations.compactMap { ($0["sourceFiles"] as? [String])?.first }
    }

    /// The source files the review names for their order, relative to the fixture folder.
    static func reviewedFiles(_ review: String, fixture: ImportFixture) -> Set<String> {
        let marker = ": \(fixture.tool) applies this migration as version "
        return Set(
            review.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: marker) else { return nil }
                let location = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                return String(location.dropFirst(fixture.path.count + 1).dropLast(":1:1".count))
            })
    }

    /// A project with `fixture` imported.
    static func imported(_ fixture: ImportFixture) throws -> (TemporaryDirectory, String) {
        let project = try TemporaryDirectory.emptyProject()
        let from = fixture.isDetected ? [] : ["--from", fixture.tool]
        let result = kiln(["import", "app", fixture.path] + from, in: project.url)
        try #require(result.status == 0, "\(result.standardError)")
        return (project, result.standardOutput)
    }

    @Test(
        "names changing shape: the tool's order, sqlite3's schema, the review names each file read otherwise",
        .enabled(if: SQLiteShell.isAvailable), arguments: ImportFixture.irregular)
    func toolOrder(fixture: ImportFixture) throws {
        let (project, review) = try Self.imported(fixture)
        #expect(review.contains("imported 23 \(fixture.tool) migrations"), "\(review)")
        #expect(try Self.importedSources(project) == fixture.upFiles)
        #expect(Self.reviewedFiles(review, fixture: fixture) == Set(ImportFixture.reviewedOrder[fixture.tool] ?? []))
        let migrated = kiln(["migrate", "app", "--db", "kiln.sqlite"], in: project.url)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        try SQLiteShell.run(project.path("source.sqlite"), try fixture.upSQL())
        let expected = try SQLiteShell.run(project.path("source.sqlite"), ".schema")
        #expect(expected.contains("CREATE TABLE settings"))
        #expect(try SQLiteShell.run(project.path("kiln.sqlite"), ".schema") == expected)
    }

    @Test("the review says where diesel puts a folder of the other shape, and where numbers would have put it")
    func dieselNote() throws {
        let fixture = try #require(ImportFixture.irregular.first { $0.tool == "diesel" })
        let (_, review) = try Self.imported(fixture)
        let path = fixture.path
        #expect(
            review.contains(
                "  \(path)/2024-02-16_101500_add_posts_comment_count/up.sql:1:1: diesel applies this migration as "
                    + "version 16, after \(path)/2024-02-13-090200_add_users_bio/up.sql (versions compare as text, "
                    + "character by character); read as numbers it would come before "
                    + "\(path)/2024-01-02-090000_create_users/up.sql (its version has 8 digits, most have 14): kiln "
                    + "keeps diesel's order, the one your databases ran\n"), "\(review)")
    }

    @Test(
        "a database the tool made at version 16 is adopted at 16 and migrated to 23, rows kept, no drift",
        arguments: ImportFixture.irregular)
    func adoptMiddle(fixture: ImportFixture) throws {
        let (project, _) = try Self.imported(fixture)
        try ToolTrackingTables.makeDatabase(fixture, applied: 16, in: project)
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("maps to kiln version 16\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" to 23 (7 migrations)\n"), "\(result.standardOutput)")
        let database = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try Migrator.version(of: database) == 23)
        #expect(try database.integer(sql: "SELECT count(*) FROM users WHERE email = 'ada@example.com'") == 1)
        let status = kiln(["status", "app", "--db", "app.db"], in: project.url)
        #expect(status.standardOutput.contains("no drift"), "\(status.standardOutput)\(status.standardError)")
    }
}
