import Foundation
import KilnTestSupport
import Testing

@Suite("kiln import refuses what it cannot import, writing nothing")
struct ImportRefusalTests {
    /// A project folder holding a copy of a fixture at `src/`.
    static func project(copying tool: String) throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        let fixture = try #require(ImportFixture.all.first { $0.tool == tool })
        try FileManager.default.copyItem(atPath: fixture.path, toPath: project.path("src"))
        return project
    }

    @Test("up/down pairs fit sqlx and golang-migrate: an error naming both and --from")
    func ambiguous() throws {
        let project = try Self.project(copying: "golang-migrate")
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "kiln: error: src fits several layouts: sqlx, golang-migrate\n"
                + "kiln: note: name the tool with --from sqlx|golang-migrate\n")
        #expect(!project.exists("migrations"))
        #expect(kiln(["import", "app", "src", "--from", "sqlx"], in: project.url).status == 0)
    }

    @Test(
        "templating placeholders are refused at their file, line and column; in a comment they are not SQL",
        arguments: [
            (
                "flyway", "V3__seed.sql", "-- ${comment} is fine\nINSERT INTO tags (name) VALUES ('${default_tag}');\n",
                "src/V3__seed.sql:2:34: error: placeholder '${default_tag}'"
            ),
            (
                "sqlx", "20240401000000_audit.sql", "CREATE TABLE audit (id $%AUTO_INCREMENT_PRIMARY_KEY%$);\n",
                "src/20240401000000_audit.sql:1:24: error: placeholder '$%AUTO_INCREMENT_PRIMARY_KEY%$'"
            ),
            (
                "goose", "20240401000000_seed.sql", "-- +goose Up\nINSERT INTO tags (name) VALUES ({{ .Env }});\n",
                "src/20240401000000_seed.sql:2:33: error: placeholder '{{ .Env }}'"
            ),
        ])
    func placeholders(tool: String, file: String, text: String, expected: String) throws {
        let project = try Self.project(copying: tool)
        try project.write("src/\(file)", text)
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix(expected), "\(result.standardError)")
        #expect(!project.exists("migrations"))
    }

    @Test("in a string literal, ${x} is a placeholder only where the tool expands it (goose under ENVSUB ON)")
    func placeholderInString() throws {
        let project = try Self.project(copying: "goose")
        let seed = "-- +goose Up\nINSERT INTO tags (name) VALUES ('${literal}');\n"
        try project.write("src/20240401000000_seed.sql", seed)
        #expect(kiln(["import", "app", "src", "--dry-run"], in: project.url).status == 0)
        try project.write("src/20240401000000_seed.sql", "-- +goose ENVSUB ON\n" + seed)
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("src/20240401000000_seed.sql:3:34: error: placeholder '${literal}'"))
    }

    @Test("two files of one version (numerically: 9 and 009) are refused, naming both")
    func duplicateVersion() throws {
        let project = try Self.project(copying: "golang-migrate")
        try project.write("src/009_again.up.sql", "SELECT 1;\n")
        let result = kiln(["import", "app", "src", "--from", "golang-migrate"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "src/9_touch_notes.up.sql:1:1: error: version 9 is also the version of src/009_again.up.sql\n")
    }

    @Test("dbmate keeps versions as written: 020240102150405 is another version, a second 20240102150405 is not")
    func dbmateDuplicate() throws {
        let project = try Self.project(copying: "dbmate")
        try project.write("src/020240102150405_padded.sql", "-- migrate:up\nSELECT 1;\n")
        #expect(kiln(["import", "app", "src"], in: project.url).status == 0)
        try project.write("src/20240102150405_again.sql", "-- migrate:up\nSELECT 1;\n")
        let result = kiln(["import", "other", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "src/20240102150405_create_users.sql:1:1: error: version 20240102150405 is also the version of "
                + "src/20240102150405_again.sql\n")
    }

    @Test("a Flyway R__ repeatable migration is not imported: a warning at its file, the rest imported")
    func repeatable() throws {
        let project = try Self.project(copying: "flyway")
        try project.write("src/R__views.sql", "CREATE VIEW IF NOT EXISTS pinned AS SELECT * FROM notes;\n")
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 0)
        #expect(
            result.standardError.hasPrefix(
                "src/R__views.sql:1:1: warning: repeatable migration not imported: Flyway re-runs an R__ script"))
        #expect(project.exists("migrations/app/0005_2_1_pin_notes.sql"))
    }

    @Test(
        "code migrations and dialect variants are refused at their file",
        arguments: [
            (
                "goose", "20240401000000_backfill.go",
                "src/20240401000000_backfill.go:1:1: error: 1 goose migration is written as code"
            ),
            ("golang-migrate", "000004_x.up.sql.sqlite", "src/000004_x.up.sql.sqlite:1:1: error: a dialect variant"),
        ])
    func unimportable(tool: String, file: String, expected: String) throws {
        let project = try Self.project(copying: tool)
        try project.write("src/\(file)", "package migrations\n")
        let result = kiln(["import", "app", "src", "--from", tool], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix(expected), "\(result.standardError)")
    }

    @Test("--from takes the eight importable tools, not grdb (adopted from, never imported); completions agree")
    func fromTakesOnlyImportableTools() throws {
        let project = try Self.project(copying: "sqlx")
        let result = kiln(["import", "app", "src", "--from", "grdb"], in: project.url)
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "kiln import: error: '--from' takes diesel, sqlx, golang-migrate, goose, dbmate, flyway, drizzle or prisma, not 'grdb'\n"
            ), "\(result.standardError)")
        #expect(!project.exists("migrations"))
        for shell in ["bash", "zsh", "fish"] {
            let script = kiln(["completions", shell], in: project.url)
            #expect(script.status == 0)
            #expect(script.standardOutput.contains("golang-migrate"))
            #expect(!script.standardOutput.contains("grdb"), "\(shell)")
        }
    }

    @Test("a database folder that already holds migrations is refused and left as it was, dry run or not")
    func nonEmptyTarget() throws {
        let project = try Self.project(copying: "dbmate")
        try project.write("migrations/app/0001_init.sql", "CREATE TABLE t (x);\n")
        for extra in [[], ["--dry-run"]] {
            let result = kiln(["import", "app", "src"] + extra, in: project.url)
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "kiln: error: migrations/app already holds migrations; import only into a new database folder\n"
                    + "kiln: note: import under another database name, or empty the folder first\n")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: project.path("migrations/app")) == ["0001_init.sql"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path("migrations")) == ["app"])
    }

    @Test("a folder of no known layout, and --from naming the wrong tool, are errors")
    func unknown() throws {
        let project = try TemporaryDirectory.emptyProject()
        try project.write("src/notes.txt", "nothing\n")
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: src holds no migrations of diesel, sqlx"))
        let flyway = try Self.project(copying: "flyway")
        let wrong = kiln(["import", "app", "src", "--from", "dbmate"], in: flyway.url)
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("this .sql file is not named as dbmate names migrations"))
        let usage = kiln(["import", "app", "src", "--from", "gooze"], in: flyway.url)
        #expect(usage.status == 64)
        #expect(usage.standardError.contains("did you mean 'goose'?"))
    }

    @Test("kiln help import describes the command")
    func help() throws {
        let project = try TemporaryDirectory.emptyProject()
        let result = kiln(["help", "import"], in: project.url)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: kiln import <database> <source-folder>"))
        #expect(result.standardOutput.contains("--from <tool>"))
        #expect(result.standardOutput.contains("--dry-run"))
    }
}

@Suite("kiln import writes all or nothing")
struct ImportAtomicityTests {
    @Test(
        "when the migrations folder cannot be written, the import fails naming it and leaves nothing behind",
        .enabled(if: FileManager.default.isExecutableFile(atPath: NewCommandFailureTests.chattr)))
    func unwritableFolder() throws {
        let project = try ImportRefusalTests.project(copying: "sqlx")
        try FileManager.default.createDirectory(
            atPath: project.path("migrations"), withIntermediateDirectories: true)
        try NewCommandFailureTests.chattr("+i", project.path("migrations"))
        defer { try? NewCommandFailureTests.chattr("-i", project.path("migrations")) }
        let result = kiln(["import", "app", "src"], in: project.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("kiln: error: cannot write migrations/app: "))
        #expect(result.standardError.contains("; nothing was imported\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.path("migrations")).isEmpty)
    }
}
