import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A goose history with Go migrations among its SQL ones, imported, checked, migrated and adopted.
@Suite("kiln import of a goose history with Go migrations")
struct ImportCodeMigrationTests {
    /// An empty project with the goose fixture copied to `src/`.
    static func project() throws -> TemporaryDirectory {
        let project = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: GooseCodeHistory.path, toPath: project.path("src"))
        return project
    }

    /// The project with the fixture imported with placeholders.
    static func imported() throws -> TemporaryDirectory {
        let project = try Self.project()
        let result = kiln(["import", "app", "src", "--code-migrations", "placeholder"], in: project.url)
        try #require(result.status == 0, "\(result.standardError)")
        return project
    }

    @Test("without the option, one error lists every Go file in goose's order and names the option; nothing is written")
    func refusedWithOneError() throws {
        let project = try Self.project()
        for extra in [[], ["--dry-run"]] {
            let result = kiln(["import", "app", "src"] + extra, in: project.url)
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == """
                    src/00006_backfill_display_names.go:1:1: error: 4 goose migrations are written as code, with no SQL to import (listed below)
                    src/00006_backfill_display_names.go:1:1: note: pass '--code-migrations placeholder' to import the SQL ones with, at each code migration's place, a file to port to SQL by hand (kiln migrate and kiln check refuse it until its SQL is written)
                    src/00006_backfill_display_names.go:1:1: note: written in Go, not SQL
                    src/00009_backfill_link_slugs.go:1:1: note: written in Go, not SQL
                    src/00015_normalize_emails.go:1:1: note: written in Go, not SQL
                    src/20240603120000_create_link_search.go:1:1: note: written in Go, not SQL

                    """)
            #expect(!project.exists("migrations"))
        }
        let help = kiln(["import", "--help"], in: project.url)
        #expect(help.standardOutput.contains("--code-migrations"), "\(help.standardOutput)")
    }

    @Test("with placeholders: check reports each at its line and column, migrate stops at the first, ported it runs")
    func placeholdersThenPorted() throws {
        let project = try Self.project()
        let imported = kiln(["import", "app", "src", "--code-migrations", "placeholder"], in: project.url)
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(
            imported.standardOutput.contains(
                "  0006_00006_backfill_display_names.sql <- src/00006_backfill_display_names.go (code: a placeholder to port)\n"))
        #expect(imported.standardOutput.contains("next: port each placeholder's code to SQL in its file (4 to write"))
        let check = kiln(["check"], in: project.url)
        #expect(check.status == 1)
        for (version, file) in GooseCodeHistory.placeholderFiles.sorted(by: { $0.key < $1.key }) {
            let source = GooseCodeHistory.order[version - 1]
            #expect(
                check.standardError.contains(
                    "migrations/app/\(file):6:8: error: a placeholder left to fill: port goose code migration \(source) to SQL\n"),
                "\(check.standardError)")
        }
        let fresh = kiln(["migrate", "app", "--db", "fresh.db"], in: project.url)
        #expect(fresh.status == 1)
        #expect(
            fresh.standardError.hasPrefix(
                "migrations/app/0006_00006_backfill_display_names.sql:6:8: error: no such function: kiln_placeholder\n"
                    + "migrations/app/0006_00006_backfill_display_names.sql:6:8: note: this is a placeholder left to fill"),
            "\(fresh.standardError)")
        #expect(try Migrator.version(of: SQLiteConnection(path: project.path("fresh.db"), mode: .readOnly)) == 5)
        for version in [6, 9, 15, 21] { try GooseCodeHistory.port(version, in: project) }
        let ported = kiln(["migrate", "app", "--db", "fresh.db"], in: project.url)
        #expect(ported.status == 0, "\(ported.standardError)")
        #expect(ported.standardOutput.contains("migrated from version 5 to 24 (19 migrations)"), "\(ported.standardOutput)")
        #expect(kiln(["hash", "app"], in: project.url).status == 0)
        let clean = kiln(["check"], in: project.url)
        #expect(!clean.standardError.contains("placeholder"), "\(clean.standardError)")
    }

    @Test("adopting a goose database past two Go migrations: they count as applied, its rows kept; migrate stops at the next")
    func adoptPastCodeMigrations() throws {
        let project = try Self.imported()
        try GooseCodeHistory.makeDatabase(applied: 14, in: project)
        let rows = "SELECT group_concat(id || ':' || version_id || ':' || is_applied, ' ') FROM goose_db_version"
        let before = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly).text(sql: rows)
        let adopt = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(adopt.status == 1)
        #expect(adopt.standardOutput.contains("app.db: goose's goose_db_version maps to kiln version 14\n"))
        #expect(
            adopt.standardOutput.contains(
                "app.db: goose already ran migrations 6, 9, still placeholders here: the schema comparison leaves them "
                    + "out, so what their code made in the schema shows as a difference until their SQL is written\n"),
            "\(adopt.standardOutput)")
        #expect(adopt.standardOutput.contains("baselined app.db at version 14: its schema matches migrations 1 to 14\n"))
        #expect(
            adopt.standardError.hasPrefix(
                "migrations/app/0015_00015_normalize_emails.sql:6:8: error: no such function: kiln_placeholder\n"),
            "\(adopt.standardError)")
        let database = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try Migrator.version(of: database) == 14)
        #expect(try database.text(sql: rows) == before)
        #expect(before.hasPrefix("1:0:1 2:1:1 3:2:1"), "\(before)")
        #expect(try database.text(sql: "SELECT display_name || ' ' || email FROM users") == "Ada   Ada@Example.COM")
        try database.close()
        for version in [15, 21] { try GooseCodeHistory.port(version, in: project) }
        let migrated = kiln(["migrate", "app", "--db", "app.db"], in: project.url)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(migrated.standardOutput.contains("migrated from version 14 to 24 (10 migrations)"))
        let after = try SQLiteConnection(path: project.path("app.db"), mode: .readOnly)
        #expect(try after.text(sql: "SELECT email FROM users") == "ada@example.com")
        #expect(try after.text(sql: "SELECT terms FROM link_search") == "analytical engine")
        #expect(try after.text(sql: rows) == before)
        try after.close()
        for version in [6, 9] { try GooseCodeHistory.port(version, in: project) }
        let status = kiln(["status", "app", "--db", "app.db"], in: project.url)
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("no drift"), "\(status.standardOutput)")
    }

    @Test("a Go migration that changed the schema is a difference until its SQL is written, then the file is adopted")
    func schemaChangingCodeMigration() throws {
        let project = try Self.imported()
        try GooseCodeHistory.makeDatabase(applied: 22, in: project)
        let file = try project.read("app.db")
        let refused = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(refused.status == 1)
        #expect(refused.standardOutput.contains("maps to kiln version 22\n"))
        #expect(refused.standardOutput.contains("goose already ran migrations 6, 9, 15, 21, still placeholders here"))
        #expect(
            refused.standardError.hasPrefix(
                "kiln: error: the database's schema is not the schema of version 22: extra table link_search\n"),
            "\(refused.standardError)")
        #expect(try project.read("app.db") == file)
        try GooseCodeHistory.port(21, in: project)
        let adopted = kiln(["migrate", "app", "--db", "app.db", "--adopt"], in: project.url)
        #expect(adopted.status == 0, "\(adopted.standardError)")
        #expect(adopted.standardOutput.contains("goose already ran migrations 6, 9, 15, still placeholders here"))
        #expect(adopted.standardOutput.contains("migrated from version 22 to 24 (2 migrations)"), "\(adopted.standardOutput)")
    }
}

extension SQLiteConnection {
    /// The first column of the first row of `sql`, as text ("" for NULL or no row).
    fileprivate func text(sql: String) throws -> String {
        guard let value = try rows(sql: sql).first?.first else { return "" }
        switch value {
        case .text(let text): return text
        case .integer(let number): return String(number)
        default: return ""
        }
    }
}
