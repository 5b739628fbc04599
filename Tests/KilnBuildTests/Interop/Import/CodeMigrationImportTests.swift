import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Histories that are partly code (`Tests/Fixtures/import-code/`): goose's Go migrations among SQL ones, Flyway's
/// Java migrations and `R__` repeatable scripts.
@Suite("kiln import of partly-code histories: refused as a whole, or placeholders at their place")
struct CodeMigrationImportTests {
    /// The goose fixture's folder.
    static let goose = TestFixtures.url("import-code/goose").path
    /// Its Go migrations, in goose's order, with the kiln versions they take.
    static let goFiles = [
        (6, "00006_backfill_display_names.go"), (9, "00009_backfill_link_slugs.go"), (15, "00015_normalize_emails.go"),
        (21, "20240603120000_create_link_search.go"),
    ]

    /// The goose fixture planned with `policy`.
    static func plan(_ policy: CodeMigrationPolicy) throws -> ImportPlan {
        try ImportPlanner.plan(
            database: "app", source: goose, shownAs: "src", tool: nil, codeMigrations: policy)
    }

    @Test("by default the folder is refused with one error at the first Go file and a note at each, in goose's order")
    func refusedAsAWhole() throws {
        let locations = Self.goFiles.map { SourceLocation(path: "src/\($0.1)", line: 1, column: 1) }
        let error = ImportError(.codeMigrations(.goose, locations), at: locations[0])
        #expect(throws: error) { try Self.plan(.refuse) }
        #expect(error.diagnostics.map(\.severity) == [.error, .note, .note, .note, .note])
        #expect(
            error.diagnostics[0].description
                == "src/00006_backfill_display_names.go:1:1: error: 4 goose migrations are written as code, with no "
                + "SQL to import (listed below)\nsrc/00006_backfill_display_names.go:1:1: note: port each to SQL, or "
                + "import the SQL ones with a placeholder in place of each code migration, which migrate and check "
                + "refuse until its SQL is written")
        #expect(
            error.diagnostics.dropFirst().map(\.description)
                == locations.map { "\($0): note: written in Go, not SQL" })
    }

    @Test("with placeholders, each Go migration is a kiln migration at its place, mapped to its goose version")
    func placeholders() throws {
        let plan = try Self.plan(.placeholder)
        #expect(plan.migrations.count == 24)
        #expect(plan.migrations.filter(\.isCodePlaceholder).map(\.version) == Self.goFiles.map { Int32($0.0) })
        for (version, file) in Self.goFiles {
            let migration = plan.migrations[version - 1]
            #expect(migration.sourceFile == file)
            #expect(migration.sourceChecksum == nil && migration.sourceChecksums.isEmpty)
            let text = String(decoding: migration.bytes, as: UTF8.self)
            #expect(text.hasPrefix("-- kiln import: a placeholder for goose's code migration \(file)\n"), "\(text)")
            #expect(text.contains("port the migration's up code to SQL in this file, then delete"))
            let calls = PlanPlaceholder.calls(in: SourceText(path: migration.fileName, bytes: migration.bytes))
            #expect(calls.count == 1)
            #expect(calls.first?.description == "port goose code migration \(file) to SQL")
            #expect(calls.first?.isStatement == true)
            #expect(calls.first?.location.line == 6 && calls.first?.location.column == 8)
        }
        #expect(plan.migrations[20].fileName == "0021_20240603120000_create_link_search.sql")
        // goose's version, as goose_db_version stores it, for every kiln version, placeholders included.
        let manifest = ImportManifest(plan: plan)
        #expect(manifest.migrations.map(\.sourceVersion).prefix(7) == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(manifest.migrations[20].sourceVersion == "20240603120000")
        #expect(manifest.migrations[20].sourceFiles == ["20240603120000_create_link_search.go"])
        // goose skips `_test.go` files and Go files without a version: listed, not migrations.
        let ignored = plan.notes.filter { $0.message == "not a migration; ignored" }.map(\.location.path)
        #expect(ignored == ["src/00009_backfill_link_slugs_test.go", "src/slug.go"])
    }

    @Test("the placeholders run nowhere: a fresh database stops at the first, at its line and column")
    func placeholderFailsMigrate() throws {
        let plan = try Self.plan(.placeholder)
        let set = try MigrationSet(
            database: "app", directoryPath: "migrations/app", files: plan.migrations.map { ($0.fileName, $0.bytes) })
        let database = try SQLiteConnection(path: ":memory:")
        let error = try #require(throws: MigrationError.self) { try Migrator(migrations: set).migrate(database) }
        guard case .statementFailed(let version, let cause) = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(version == 6 && cause.message == "no such function: kiln_placeholder")
        #expect(
            error.location
                == SourceLocation(path: "migrations/app/0006_00006_backfill_display_names.sql", line: 6, column: 8))
        #expect(try Migrator.version(of: database) == 5)
    }

    @Test("a placeholder statement is a whole SELECT of one call; a call in an expression is kiln plan's")
    func statementPlaceholders() {
        func isStatement(_ sql: String) -> [Bool] {
            PlanPlaceholder.calls(in: SourceText(path: "x.sql", bytes: Array(sql.utf8))).map(\.isStatement)
        }
        #expect(isStatement("-- c\nSELECT kiln_placeholder('port x');\n") == [true])
        #expect(isStatement("CREATE TABLE t (a); select KILN_PLACEHOLDER('port x')") == [true])
        #expect(isStatement("UPDATE t SET a = kiln_placeholder('a value');") == [false])
        #expect(isStatement("SELECT kiln_placeholder('x'), 1;") == [false])
        #expect(isStatement("SELECT kiln_placeholder(1 + 2);") == [false])
        #expect(isStatement("CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT kiln_placeholder('x'); END;") == [false])
    }
}

/// Flyway's `R__` scripts are left out with a warning each; its Java migrations are code migrations.
@Suite("kiln import of Flyway's repeatable and Java migrations")
struct FlywayCodeImportTests {
    /// A copy of the Flyway fixture at `src/`.
    static func source() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestFixtures.url("import-code/flyway").path, toPath: folder.path("src"))
        return folder
    }

    /// Plans the import of `src` in `folder`.
    static func plan(_ folder: TemporaryDirectory, _ policy: CodeMigrationPolicy = .refuse) throws -> ImportPlan {
        try ImportPlanner.plan(
            database: "app", source: folder.path("src"), shownAs: "src", tool: nil, codeMigrations: policy)
    }

    @Test("the versioned scripts are imported; each R__ is a warning saying why and what to do, not an error")
    func repeatableWarnings() throws {
        let plan = try Self.plan(try Self.source())
        #expect(plan.tool == .flyway)
        #expect(plan.migrations.map(\.sourceVersion) == ["1", "1.1", "2", "2.1", "3"])
        #expect(plan.warnings.map(\.location.path) == ["src/R__notes_touch_trigger.sql", "src/R__pinned_notes_view.sql"])
        for warning in plan.warnings {
            #expect(warning.message.contains("re-runs an R__ script whenever its checksum changes, after all versioned"))
            #expect(warning.hint.hasPrefix("fold its latest text into a versioned migration"))
            #expect(warning.diagnostic.severity == .warning)
        }
        #expect(plan.skippedDowns.map(\.path) == ["src/U2.1__add_notes_pinned.sql"])
    }

    @Test("a Java migration is refused with the others' count; as a placeholder it takes its version's place")
    func javaMigration() throws {
        let folder = try Self.source()
        try folder.write("src/V2_2__BackfillPinned.java", "package db.migration;\n")
        let location = SourceLocation(path: "src/V2_2__BackfillPinned.java", line: 1, column: 1)
        #expect(throws: ImportError(.codeMigrations(.flyway, [location]), at: location)) { try Self.plan(folder) }
        #expect(
            ImportError.Reason.codeMigrations(.flyway, [location]).message
                == "1 flyway migration is written as code, with no SQL to import (listed below)")
        let plan = try Self.plan(folder, .placeholder)
        #expect(plan.migrations.map(\.sourceVersion) == ["1", "1.1", "2", "2.1", "2.2", "3"])
        let placeholder = plan.migrations[4]
        #expect(placeholder.isCodePlaceholder && placeholder.fileName == "0005_2_2_BackfillPinned.sql")
        #expect(String(decoding: placeholder.bytes, as: UTF8.self).contains("which is written in Java, not SQL."))
    }
}
