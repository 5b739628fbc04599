import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln migrate --each` through the built binary: outcomes per file in text and JSON Lines, exit statuses,
/// --fail-fast, and patterns that select nothing.
@Suite("kiln migrate --each, end to end")
struct MigrateFleetEndToEndTests {
    /// The shop project with `applicationId` 7, so a file stamped by another application is refused.
    static func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("kiln.json", #"{ "databases": { "shop": { "applicationId": 7 } } }"#)
        return project
    }

    /// A file migrated with `--db` to `version` (the newest by default), then changed by `sql`.
    static func database(_ name: String, in project: ShopProject, version: Int32? = nil, then sql: String? = nil)
        throws
    {
        let to = version.map { ["--to", "\($0)"] } ?? []
        let folder = URL(fileURLWithPath: project.folder.path(name)).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let made = try project.kiln(arguments: ["migrate", "shop", "--db", name] + to)
        #expect(made.status == 0, "\(made.standardError)")
        guard let sql else { return }
        let db = try SQLiteConnection(path: project.folder.path(name))
        try db.execute(sql: sql)
        try db.close()
    }

    /// A fleet with one file of each kind under `tenants/`, and what each should end as; the folder the glob
    /// matches too is no file of the fleet, so it has no entry.
    static func mixedFleet(_ project: ShopProject) throws -> [String: String] {
        try database("tenants/current.db", in: project)
        try database("tenants/old.db", in: project, version: 1)
        try database("tenants/newer.db", in: project, then: "PRAGMA user_version = 9")
        try database("tenants/other.db", in: project, version: 1, then: "PRAGMA application_id = 99")
        try database("tenants/damaged.db", in: project, version: 1)
        var damaged = try project.folder.read("tenants/damaged.db")
        for index in 100..<min(damaged.count, 4096) { damaged[index] = 0xA5 }
        try project.folder.write("tenants/damaged.db", bytes: damaged)
        try project.folder.write("tenants/text.db", "hello, this is not a database\n")
        try FileManager.default.createDirectory(
            atPath: project.folder.path("tenants/folder.db"), withIntermediateDirectories: true)
        try database("outside/linked.db", in: project, version: 1)
        try FileManager.default.createSymbolicLink(
            atPath: project.folder.path("tenants/link.db"), withDestinationPath: "../outside/linked.db")
        return [
            "tenants/current.db": "upToDate", "tenants/old.db": "migrated", "tenants/newer.db": "refused",
            "tenants/other.db": "refused", "tenants/damaged.db": "refused", "tenants/text.db": "refused",
            "tenants/link.db": "migrated", "tenants/folder.db": "refused",
        ]
    }

    /// Each line of standard output as a JSON object; a line that does not parse is an issue.
    static func jsonLines(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object == nil { Issue.record("a line that is not a JSON object: \(line)") }
            return object
        }
    }

    @Test("a mixed fleet: each file gets its outcome's line, failures are explained, and the run exits 1")
    func mixedText() throws {
        let project = try Self.project()
        let expected = try Self.mixedFleet(project)
        let result = try project.kiln("migrate", "shop", "--each", "tenants/*.db", "--jobs", "3")
        #expect(result.status == 1, "\(result.standardOutput)\n\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let words = [
            "upToDate": ": up to date at version 2", "migrated": ": migrated from version 1 to 2 (1 migration, ",
            "refused": ": refused: ",
        ]
        for (path, outcome) in expected {
            let line = lines.first { $0.hasPrefix(path + ":") }
            #expect(line?.hasPrefix(path + words[outcome, default: "?"]) == true, "\(path): \(line ?? "no line")")
        }
        #expect(lines.contains("tenants/text.db: refused: tenants/text.db is not a SQLite database"))
        // Every refused file names itself on standard error, whatever order the workers finished in.
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("kiln: error: ") }
        for (path, outcome) in expected where outcome == "refused" {
            #expect(errors.contains { $0.contains(path) }, "\(path): \(result.standardError)")
        }
        #expect(errors.count == expected.values.filter { $0 == "refused" }.count, "\(result.standardError)")
        let summary = try #require(lines.first { $0.hasPrefix("shop: ") })
        // The folder the glob also matches is no file of the fleet: listed as refused, never opened.
        #expect(lines.contains("tenants/folder.db: refused: a folder, not a database"))
        #expect(summary.hasPrefix("shop: 8 files in "))
        #expect(summary.hasSuffix(": 2 migrated, 1 up to date, 5 refused"), "\(summary)")
        #expect(lines.contains { $0.hasPrefix("  from version ") })
        let linked = try SQLiteConnection(path: project.folder.path("outside/linked.db"))
        #expect(try Migrator.version(of: linked) == 2)
        #expect(!project.folder.exists("tenants/text.db-journal"))
    }

    @Test("the mixed fleet under --json: one object per file with its outcome, then the summary; all lines parse")
    func mixedJSON() throws {
        let project = try Self.project()
        let expected = try Self.mixedFleet(project)
        let result = try project.kiln("migrate", "shop", "--each", "tenants/*.db", "--json")
        #expect(result.status == 1)
        let objects = Self.jsonLines(result.standardOutput)
        #expect(objects.count == expected.count + 1)
        var outcomes: [String: String] = [:]
        for object in objects.dropLast() {
            if let path = object["path"] as? String { outcomes[path] = object["outcome"] as? String }
            if object["outcome"] as? String == "refused" {
                #expect((object["diagnostic"] as? [String: Any])?["message"] is String, "\(object)")
            }
        }
        #expect(outcomes == expected)
        let summary = try #require(objects.last)
        #expect(summary["outcome"] as? String == "failed")
        #expect(summary["exitStatus"] as? Int == 1)
        #expect((summary["summary"] as? [String: Any])?["files"] as? Int == expected.count)
    }

    @Test("a failing migration: the file's line names it and where it stays; stderr has the single-file diagnostic")
    func failedMigration() throws {
        let project = try ShopProject()
        for index in 0..<3 { try Self.database("t/\(index).db", in: project) }
        try project.folder.write(
            "migrations/shop/0003_broken.sql", "CREATE TABLE tag (name TEXT);\nINSERT INTO tag SELECT nme FROM item;\n")
        let result = try project.kiln("migrate", "shop", "--each", "t")
        #expect(result.status == 1)
        for index in 0..<3 {
            #expect(
                result.standardOutput.contains(
                    "t/\(index).db: failed at migration 3: no such column: nme (stays at version 2)\n"),
                "\(result.standardOutput)")
        }
        // Each file's diagnostic is the single-file command's, at the same location, its message naming the file.
        let single = try project.kiln("migrate", "shop", "--db", "t/0.db")
        #expect(single.standardError.hasPrefix("migrations/shop/0003_broken.sql:2:"), "\(single.standardError)")
        for index in 0..<3 {
            let named = single.standardError.replacingOccurrences(of: ": error: ", with: ": error: t/\(index).db: ")
            #expect(result.standardError.contains(named), "\(result.standardError)")
        }
        #expect(
            result.standardError.split(separator: "\n").count == 3 * single.standardError.split(separator: "\n").count)
        let again = try project.kiln("migrate", "shop", "--each", "t", "--json")
        let objects = Self.jsonLines(again.standardOutput)
        let diagnostic = try #require(objects.first?["diagnostic"] as? [String: Any])
        #expect(diagnostic["file"] as? String == "migrations/shop/0003_broken.sql")
        #expect(diagnostic["line"] as? Int == 2)
    }

    @Test("--fail-fast starts no file after the first failure, says how many were not started, and exits 1")
    func failFast() throws {
        let project = try ShopProject()
        for index in 0..<30 { try project.folder.write("t/\(index).db", "not a database \(index)\n") }
        let result = try project.kiln("migrate", "shop", "--each", "t", "--jobs", "1", "--fail-fast")
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let refused = lines.filter { $0.contains(": refused: ") }
        #expect(!refused.isEmpty && refused.count < 30, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  stopped at the first failure: ") && $0.hasSuffix(" not started") })
        let all = try project.kiln("migrate", "shop", "--each", "t", "--jobs", "1")
        #expect(all.standardOutput.components(separatedBy: ": refused: ").count - 1 == 30)
    }

    @Test("a folder (or a link to one) the glob matches is listed as refused, never opened; the run exits 1")
    func folderIsNoFile() throws {
        let project = try ShopProject()
        try Self.database("t/a.db", in: project, version: 1)
        try FileManager.default.createDirectory(
            atPath: project.folder.path("t/sub.db"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.folder.path("t/up.db"), withDestinationPath: "..")
        let result = try project.kiln("migrate", "shop", "--each", "t/*.db")
        #expect(result.status == 1, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("t/a.db: migrated from version 1 to 2 (1 migration, "))
        #expect(result.standardOutput.contains("t/sub.db: refused: a folder, not a database\n"))
        #expect(result.standardOutput.contains("t/up.db: refused: a folder, not a database\n"))
        #expect(result.standardOutput.contains("shop: 3 files in "), "\(result.standardOutput)")
        #expect(result.standardError.contains("kiln: error: t/sub.db: a folder, not a database\n"))
        #expect(try project.kiln("migrate", "shop", "--each", "t/a.db").status == 0)
    }

    @Test("a file already past --to is refused, named on standard error with a note that fits a fleet")
    func pastTarget() throws {
        let project = try ShopProject()
        try Self.database("t/new.db", in: project)
        try Self.database("t/old.db", in: project, version: 0)
        let result = try project.kiln("migrate", "shop", "--each", "t", "--to", "1")
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "t/new.db: refused: the database is already at version 2, above the target 1\n"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("t/old.db: migrated from version 0 to 1 (1 migration, "))
        #expect(
            result.standardError == """
                kiln: error: t/new.db: the database is already at version 2, above the target 1
                kiln: note: kiln never migrates a database down; this file stays at version 2

                """)
    }

    @Test("a pattern that matches nothing is an error naming it; a shard with none of the files is fine")
    func nothingMatched() throws {
        let project = try ShopProject()
        try Self.database("t/only.db", in: project)
        let none = try project.kiln("migrate", "shop", "--each", "t/*.sqlite")
        #expect(none.status == 1)
        #expect(none.standardError.contains("no file matches 't/*.sqlite'"), "\(none.standardError)")
        let missing = try project.kiln("migrate", "shop", "--each", "nowhere/*.db", "--json")
        #expect(missing.status == 1)
        #expect(Self.jsonLines(missing.standardOutput).count == 1)
        let shard = FleetShard.stableHash(of: "only.db") % 2 == 0 ? "2/2" : "1/2"
        let empty = try project.kiln("migrate", "shop", "--each", "t", "--shard", shard)
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(
            empty.standardOutput
                == "shop, shard \(shard): none of the 1 file matching 't' is in this shard; nothing to do\n")
    }

    @Test("--json: every line of standard output parses, for success, usage errors and a missing project")
    func jsonEverywhere() throws {
        let project = try ShopProject()
        for index in 0..<5 { try Self.database("t/\(index).db", in: project, version: 1) }
        let success = try project.kiln("migrate", "shop", "--each", "t/", "--json")
        #expect(success.status == 0)
        let objects = Self.jsonLines(success.standardOutput)
        #expect(objects.count == 6)
        #expect(objects.dropLast().allSatisfy { $0["outcome"] as? String == "migrated" })
        #expect(objects.last?["outcome"] as? String == "succeeded")
        let usage = try project.kiln("migrate", "shop", "--each", "t/0.db", "t/1.db", "--json")
        #expect(usage.status == 64)
        #expect(Self.jsonLines(usage.standardOutput).first?["outcome"] as? String == "usageError")
        let elsewhere = try TemporaryDirectory()
        let noProject = try KilnBinary.run(["migrate", "shop", "--each", "t", "--json"], in: elsewhere.url)
        #expect(noProject.status == 1)
        #expect(Self.jsonLines(noProject.standardOutput).first?["outcome"] as? String == "failed")
    }
}
