import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// drizzle and Prisma: a database each made at its eleventh migration, its tracking table filled as the tool's
/// source fills it (drizzle-orm's SQLite dialect `migrate`, prisma-engines' migration persistence), with the
/// sums each computes, taken over by `kiln migrate --adopt`.
@Suite("kiln migrate --adopt, drizzle and prisma")
struct ChecksumToolAdoptTests {
    static let middle = 11

    static func fixture(_ tool: String) throws -> ImportFixture {
        try #require(ImportFixture.all.first { $0.tool == tool })
    }

    /// SHA-256 hex of `text`, as the tools compute it (drizzle after CRLF→LF, Prisma as is).
    static func sum(_ text: String) -> String { SHA256Hasher.hash(Array(text.utf8)).hex }

    /// The tracking table after the tool applied the first `middle` files of `folder`, in its way.
    static func tracking(_ fixture: ImportFixture, folder: String) throws -> String {
        let files = Array(fixture.upFiles.prefix(middle))
        if fixture.tool == "drizzle" {
            let journal = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/meta/_journal.json")))
            let entries = try #require((journal as? [String: Any])?["entries"] as? [[String: Any]])
            let rows = try zip(files, entries).map { file, entry in
                let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                let hash = sum(text.replacingOccurrences(of: "\r\n", with: "\n"))
                return "('\(hash)', \(try #require(entry["when"] as? Int)))"
            }
            return """
                CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric);
                INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES \(rows.joined(separator: ", "));
                """
        }
        let rows = try files.enumerated().map { index, file in
            let checksum = sum(try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8))
            let name = String(file.dropLast("/migration.sql".count))
            return "('00000000-0000-4000-8000-\(String(format: "%012d", index))', '\(checksum)', "
                + "'2024-08-0\(index % 9 + 1) 10:00:00', '\(name)', NULL, NULL, '2024-08-01 10:00:0\(index % 10)', 1)"
        }
        return """
            CREATE TABLE "_prisma_migrations" (
                "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
                "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
                "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
                "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0);
            INSERT INTO "_prisma_migrations" VALUES \(rows.joined(separator: ",\n"));
            """
    }

    /// A project with the tool's folder (a copy, edited by `edit`) imported, and `app.db` made by the tool
    /// from the original files at the middle version, holding a user's row.
    static func adoptable(_ tool: String, edit: (String) throws -> Void = { _ in }) throws -> TemporaryDirectory {
        let fixture = try fixture(tool)
        let project = try TemporaryDirectory.emptyProject()
        let database = try SQLiteConnection(path: project.path("app.db"))
        let original = ImportFixture(
            tool: tool, isDetected: true, upFiles: Array(fixture.upFiles.prefix(middle)), downMarker: nil)
        try database.execute(sql: try original.upSQL())
        try database.execute(sql: try tracking(fixture, folder: fixture.path))
        try database.execute(sql: "INSERT INTO users (email) VALUES ('ada@example.com')")
        try database.close()
        try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path(tool))
        try edit(project.path(tool))
        let imported = kiln(["import", "app", tool], in: project.url)
        try #require(imported.status == 0, "\(imported.standardError)")
        return project
    }

    @Test(
        "a database the tool made at its eleventh migration is adopted at 11, rows kept, no drift",
        arguments: ["drizzle", "prisma"])
    func adopt(tool: String) throws {
        let project = try Self.adoptable(tool)
        let total = try Self.fixture(tool).upFiles.count
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("baselined app.db at version 11: its schema matches migrations 1 to 11\n"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" to \(total) (\(total - 11) migrations)\n"), "\(result.standardOutput)")
        let database = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try Migrator.version(of: database) == Int32(total))
        #expect(try database.integer(sql: "SELECT count(*) FROM users WHERE email = 'ada@example.com'") == 1)
        let status = kiln(["status", "app", "--db", "app.db"], in: project.url)
        #expect(status.standardOutput.contains("no drift"), "\(status.standardOutput)\(status.standardError)")
    }

    @Test(
        "a released file edited before the import is refused with the version, the file and both sums",
        arguments: ["drizzle", "prisma"])
    func editedFile(tool: String) throws {
        let file = try Self.fixture(tool).upFiles[5]
        let project = try Self.adoptable(tool) { folder in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(folder)/\(file)"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("-- edited after release\n".utf8))
            try handle.close()
        }
        let original = try String(contentsOfFile: "\(Self.fixture(tool).path)/\(file)", encoding: .utf8)
        let edited = original + "-- edited after release\n"
        let before = try project.read("app.db")
        let result = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(result.status == 1)
        let error = result.standardError
        #expect(error.contains("recorded checksum \(Self.sum(original)) for version "), "\(error)")
        #expect(
            error.contains("but the imported file \(tool)/\(file) has checksum \(Self.sum(edited))"), "\(error)")
        #expect(error.contains("never checks it") == (tool == "drizzle"), "\(error)")
        #expect(try project.read("app.db") == before)
    }

    @Test("prisma: a failed row is refused, a rolled-back one is ignored; an old unpadded checksum matches")
    func prismaRows() throws {
        let project = try Self.adoptable("prisma")
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(
            sql: """
                INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, started_at, applied_steps_count)
                VALUES ('failed', 'x', '20240415000000_notes_folder', 'boom', '2024-09-01 00:00:00', 0)
                """)
        let refused = kiln(["migrate", "app", "--db", "app.db", "--adopt", "--dry-run"], in: project.url)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("prisma recorded version 20240415000000_notes_folder as failed"),
            "\(refused.standardError)")
        try database.execute(
            sql: "UPDATE _prisma_migrations SET rolled_back_at = '2024-09-02 00:00:00' WHERE id = 'failed'")
        // prisma-engines issue 1887: old engines wrote each byte without zero padding.
        let first = try #require(
            try database.rows(sql: "SELECT checksum FROM _prisma_migrations WHERE migration_name = '0_init'").first)
        guard case .text(let padded) = first[0] else {
            Issue.record("no checksum")
            return
        }
        let unpadded = stride(from: 0, to: 64, by: 2).map { index -> String in
            let pair = padded.dropFirst(index).prefix(2)
            return pair.first == "0" ? String(pair.dropFirst()) : String(pair)
        }.joined()
        try #require(unpadded.count < 64)
        try database.execute(
            sql: "UPDATE _prisma_migrations SET checksum = '\(unpadded)' WHERE migration_name = '0_init'")
        try database.close()
        let adopted = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(adopted.status == 0, "\(adopted.standardError)")
    }
}
