import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A project with two databases for bundler tests.
struct BundleProject {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write(
            "migrations/shop/0001_create.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\nCREATE INDEX item_name ON item (name);\n"
        )
        try folder.write(
            "migrations/shop/0002_tag.sql",
            "CREATE TABLE tag (item_id INTEGER NOT NULL REFERENCES item (id), label TEXT NOT NULL, PRIMARY KEY (item_id, label)) WITHOUT ROWID;\n"
        )
        try folder.write("seeds/shop/item.csv", "id,name,price\n1,apple,0.5\n2,pear,1.25\n")
        try folder.write("seeds/shop/tag.csv", "item_id,label\n1,fruit\n2,fruit\n")
        try folder.write("migrations/notes/0001_create.sql", "CREATE TABLE note (body TEXT);\n")
        try folder.write(
            "kiln.json",
            #"{"databases": {"shop": {"output": "shop.db", "applicationId": 42, "pageSize": 1024, "analyze": true}}}"#)
    }

    var project: KilnProject { get throws { try KilnProject(root: folder.url) } }
    var out: String { folder.path("build") }

    func build(_ databases: [String] = [], force: Bool = false, clock: BuildClock? = nil) throws
        -> [String: Bundler.Outcome]
    {
        var outcomes: [String: Bundler.Outcome] = [:]
        var bundler = Bundler(project: try project, outputDirectory: out, force: force)
        bundler.clock = clock
        for (database, result) in try bundler.build(databases) {
            outcomes[database] = try result.get()
        }
        return outcomes
    }

    func isBuilt(_ outcome: Bundler.Outcome?) -> Bool {
        if case .built? = outcome { return true }
        return false
    }
}

@Suite("Bundler")
struct BundlerTests {
    @Test("a build produces sealed files that keep every invariant, and a manifest")
    func invariants() throws {
        let fixture = try BundleProject()
        let outcomes = try fixture.build()
        #expect(fixture.isBuilt(outcomes["shop"]) && fixture.isBuilt(outcomes["notes"]))
        let path = fixture.folder.path("build/shop.db")
        let header = try fixture.folder.read("build/shop.db").prefix(100)
        #expect(header[18] == 1 && header[19] == 1)
        #expect(header[16] == 4 && header[17] == 0)  // page size 1024, big-endian
        try BuildInvariants.verify(
            path: path, expected: BuildExpectations(userVersion: 2, applicationID: 42, pageSize: 1024))
        for suffix in ["-journal", "-wal", "-shm"] { #expect(!fixture.folder.exists("build/shop.db\(suffix)")) }
        let db = try SQLiteConnection(path: "file:\(path)?immutable=1", mode: .readOnly)
        #expect(try db.integer(sql: "SELECT count(*) FROM sqlite_stat1") > 0)  // analyze: true
        #expect(try db.rows(sql: "SELECT name, price FROM item ORDER BY id") == [["apple", 0.5], ["pear", 1.25]])
        #expect(fixture.folder.exists("build/notes.sqlite"))

        let manifest = try JSONDecoder().decode(
            BuildManifest.self, from: Data(try fixture.folder.read("build/kiln-manifest.json")))
        let entry = try #require(manifest.databases["shop"])
        #expect(entry.file == "shop.db" && entry.userVersion == 2 && entry.applicationId == 42)
        #expect(entry.tables == ["item": 2, "tag": 2])
        #expect(entry.sha256 == (try SHA256Hasher.hash(fixture.folder.read("build/shop.db")).hex))
        #expect(entry.sqliteVersion == SQLiteConnection.libraryVersion && entry.kilnVersion == KilnVersion.current)
    }

    @Test("two builds of the same sources give byte-identical files and manifests")
    func reproducible() throws {
        // One clock for both, as SOURCE_DATE_EPOCH gives: the manifest records the instant SQL saw as 'now', so
        // two unpinned builds a second apart differ there (this test failed when they straddled a second).
        let fixture = try BundleProject()
        let clock = BuildClock(secondsSince1970: 1_700_000_000, isSourceDateEpoch: true)
        _ = try fixture.build(clock: clock)
        let first = try fixture.folder.read("build/shop.db")
        let firstManifest = try fixture.folder.read("build/kiln-manifest.json")
        _ = try fixture.build(force: true, clock: clock)
        #expect(try fixture.folder.read("build/shop.db") == first)
        #expect(try fixture.folder.read("build/kiln-manifest.json") == firstManifest)
    }

    @Test("the content hash ignores page layout but not content")
    func contentHash() throws {
        let fixture = try BundleProject()
        _ = try fixture.build()
        let manifest = BuildManifestReader.read(fixture.out)
        try fixture.folder.write(
            "kiln.json",
            #"{"databases": {"shop": {"output": "shop.db", "applicationId": 42, "pageSize": 8192, "analyze": true}}}"#)
        _ = try fixture.build(["shop"])
        let relaid = BuildManifestReader.read(fixture.out)
        #expect(relaid.databases["shop"]?.sha256 != manifest.databases["shop"]?.sha256)
        #expect(relaid.databases["shop"]?.contentHash == manifest.databases["shop"]?.contentHash)
        try fixture.folder.write("seeds/shop/item.csv", "id,name,price\n1,apple,0.5\n2,pear,1.5\n")
        _ = try fixture.build(["shop"])
        #expect(
            BuildManifestReader.read(fixture.out).databases["shop"]?.contentHash
                != manifest.databases["shop"]?.contentHash)
    }

    @Test("an unchanged database is up to date; a changed source, a tampered output or --force rebuilds")
    func incremental() throws {
        let fixture = try BundleProject()
        _ = try fixture.build()
        var outcomes = try fixture.build()
        #expect(!fixture.isBuilt(outcomes["shop"]) && !fixture.isBuilt(outcomes["notes"]))
        try fixture.folder.write("seeds/shop/item.csv", "id,name,price\n1,apple,0.5\n2,pear,1.25\n3,plum,2\n")
        outcomes = try fixture.build()
        #expect(fixture.isBuilt(outcomes["shop"]) && !fixture.isBuilt(outcomes["notes"]))
        var bytes = try fixture.folder.read("build/notes.sqlite")
        bytes[bytes.count - 1] ^= 0xFF
        try fixture.folder.write("build/notes.sqlite", bytes: bytes)
        outcomes = try fixture.build()
        #expect(fixture.isBuilt(outcomes["notes"]) && !fixture.isBuilt(outcomes["shop"]))
        try FileManager.default.removeItem(atPath: fixture.folder.path("build/notes.sqlite"))
        #expect(fixture.isBuilt(try fixture.build()["notes"]))
        #expect(fixture.isBuilt(try fixture.build(["shop"], force: true)["shop"]))
    }

    @Test("a failing seed or migration leaves the previous output byte-identical and points into the source")
    func failureKeepsPrevious() throws {
        let fixture = try BundleProject()
        _ = try fixture.build()
        let before = try fixture.folder.read("build/shop.db")
        let manifest = try fixture.folder.read("build/kiln-manifest.json")
        try fixture.folder.write("seeds/shop/tag.csv", "item_id,label\n1,fruit\n7,fruit\n")
        let results = try Bundler(project: try fixture.project, outputDirectory: fixture.out).build(["shop"])
        guard case .failure(let error) = results[0].result else {
            Issue.record("the build should fail")
            return
        }
        #expect(
            formattedDiagnostics(error) == [
                "seeds/shop/tag.csv:3:1: error: FOREIGN KEY constraint failed: tag.item_id references item, which has no row with value 7"
            ])
        #expect(try fixture.folder.read("build/shop.db") == before)
        #expect(try fixture.folder.read("build/kiln-manifest.json") == manifest)
        try fixture.folder.write("seeds/shop/tag.csv", "item_id,label\n1,fruit\n")
        try fixture.folder.write("migrations/shop/0003_bad.sql", "ALTER TABLE item ADD COLUMN;\n")
        let again = try Bundler(project: try fixture.project, outputDirectory: fixture.out).build(["shop"])
        guard case .failure(let migrationError) = again[0].result else {
            Issue.record("the build should fail")
            return
        }
        #expect(
            formattedDiagnostics(migrationError) == [
                "migrations/shop/0003_bad.sql:1:28: error: near \";\": syntax error"
            ])
        #expect(try fixture.folder.read("build/shop.db") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.out).filter {
            $0.contains("kiln-tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("stale temporary files of a killed build are swept by the next build; a live writer's are not")
    func sweep() throws {
        let fixture = try BundleProject()
        _ = try fixture.build()
        // A process that has exited: its pid names a writer that is gone.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        try fixture.folder.write("build/.shop.db.kiln-tmp-\(dead)-1", "half a database")
        try fixture.folder.write("build/.shop.db.kiln-tmp-\(dead)-1-journal", "x")
        // Process 1 always runs: an Xcode file list being written beside the output by another process.
        try fixture.folder.write("build/.kiln-inputs.xcfilelist.kiln-tmp-write-1-7", "in progress")
        _ = try fixture.build()
        #expect(!fixture.folder.exists("build/.shop.db.kiln-tmp-\(dead)-1"))
        #expect(!fixture.folder.exists("build/.shop.db.kiln-tmp-\(dead)-1-journal"))
        #expect(fixture.folder.exists("build/.kiln-inputs.xcfilelist.kiln-tmp-write-1-7"))
    }

    @Test("two databases with the same output file, or one named like the manifest, are refused")
    func outputCollisions() throws {
        let fixture = try BundleProject()
        try fixture.folder.write("kiln.json", #"{"databases": {"shop": {"output": "Notes.sqlite"}}}"#)
        let error = try #require(throws: ConfigurationError.self) { try fixture.build() }
        #expect(
            error.diagnostics.map(\.message) == [
                "database 'shop' would write Notes.sqlite, which is also 'notes''s output"
            ])
        try fixture.folder.write("kiln.json", #"{"databases": {"notes": {"output": "kiln-manifest.json"}}}"#)
        #expect(throws: ConfigurationError.self) { try fixture.build() }
        #expect(!fixture.folder.exists("build/shop.db"))
    }

    @Test("an output folder whose path has URI characters works")
    func uriCharacters() throws {
        let fixture = try BundleProject()
        let out = fixture.folder.path("out #2 ?%41")
        let results = try Bundler(project: try fixture.project, outputDirectory: out).build(["notes"])
        #expect(throws: Never.self) { try results[0].result.get() }
        #expect(FileManager.default.fileExists(atPath: out + "/notes.sqlite"))
    }

    @Test("an unknown database is refused before anything is written")
    func unknownDatabase() throws {
        let fixture = try BundleProject()
        #expect(throws: ProjectError.unknownDatabase("shops", known: ["notes", "shop"])) {
            try fixture.build(["shops"])
        }
        #expect(!fixture.folder.exists("build"))
    }

    @Test("reset swaps in a fresh build and keeps the old file as .previous, settled: no side file beside it")
    func reset() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        let old = try SQLiteConnection(path: path)
        try old.execute(sql: "CREATE TABLE mine (x); INSERT INTO mine VALUES ('my row')")
        try old.close()
        try fixture.folder.write("dev.db-journal", "stale journal")
        let oldBytes = try fixture.folder.read("dev.db")
        let report = try DeveloperReset(project: try fixture.project, database: "shop").reset(path: path)
        #expect(report.previousKept)
        #expect(try fixture.folder.read("dev.db.previous") == oldBytes)
        // SQLite settled the journal into the file (or found it not hot): FILE.previous needs none beside it.
        #expect(!fixture.folder.exists("dev.db.previous-journal"))
        #expect(!fixture.folder.exists("dev.db-journal"))
        let fresh = try SQLiteConnection(path: path)
        #expect(try fresh.integer(sql: "SELECT count(*) FROM item") == 2)
        #expect(try Migrator.version(of: fresh) == 2)
    }
}

/// Reads a manifest the way a CI script would.
enum BuildManifestReader {
    static func read(_ directory: String) -> BuildManifest {
        guard let data = FileManager.default.contents(atPath: "\(directory)/kiln-manifest.json"),
            let manifest = try? JSONDecoder().decode(BuildManifest.self, from: data)
        else { return BuildManifest() }
        return manifest
    }
}

@Suite("Bundler output names")
struct BundlerOutputNameTests {
    @Test("an output collision points at the colliding database's output value")
    func collisionLocation() throws {
        let fixture = try BundleProject()
        try fixture.folder.write("kiln.json", "{\"databases\": {\n  \"shop\": {\"output\": \"Notes.sqlite\"}}}")
        let error = try #require(throws: ConfigurationError.self) { try fixture.build() }
        #expect(
            error.problems.map(\.reason) == [
                .outputCollision(database: "shop", file: "Notes.sqlite", owner: .database("notes"))
            ])
        #expect(error.problems.first?.location == SourceLocation(path: "kiln.json", line: 2, column: 22))
    }
}
