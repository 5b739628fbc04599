import Kiln
import KilnTestSupport
import Testing

@Suite("Migration errors as values")
struct MigrationErrorTests {
    @Test("a migration set reports each problem as a reason with its location")
    func setReasons() throws {
        let error = try #require(throws: MigrationSetError.self) {
            _ = try migrationSet(
                "shop",
                [
                    ("0002_b.sql", "CREATE TABLE b (x);"), ("0002_c.sql", "CREATE TABLE c (x);"),
                    ("0005_e.sql", "BEGIN;"), ("1_bad name.sql", "SELECT 1;"),
                ])
        }
        // Version 1 is free, so the suggestion keeps it.
        #expect(
            error.reasons.contains(
                .invalidFileName("1_bad name.sql", .invalidDescription, suggestion: "0001_bad_name.sql"))
        )
        #expect(error.reasons.contains(.duplicateVersion(2, others: ["0002_c.sql"])))
        #expect(error.reasons.contains(.firstVersionNotOne(2)))
        #expect(
            error.reasons.contains(
                .versionGap(previous: 2, next: 5, previousFile: "0002_b.sql", nextFile: "0005_e.sql")))
        #expect(error.reasons.contains(.forbiddenStatement(.transactionControl("BEGIN"))))
        let gap = try #require(error.problems.first { if case .versionGap = $0.reason { true } else { false } })
        #expect(gap.location.path.hasSuffix("/0005_e.sql"))
        #expect(
            gap.hint
                == "if '0005_e.sql' was never released, renumber it to 3; if it was (kiln.sum records it), never rename it: add a comment-only placeholder for each of versions 3 to 4, e.g. '0003_placeholder.sql'"
        )
    }

    @Test(
        "a suggested file name never collides with another migration",
        arguments: [
            ("7-drop.sql", ["0001_a.sql"], "0007_drop.sql"),
            ("7-drop.sql", ["0001_a.sql", "0007_b.sql"], "0008_drop.sql"),
            ("drop users.sql", ["0001_a.sql", "0002_b.sql"], "0003_drop_users.sql"),
            ("0001-x.SQL", ["0001_a.sql"], "0002_x.sql"),
        ])
    func suggestions(invalid: String, valid: [String], expected: String) throws {
        let files = valid.map { ($0, "SELECT 1;") } + [(invalid, "SELECT 1;")]
        let error = try #require(throws: MigrationSetError.self) { _ = try migrationSet("shop", files) }
        #expect(error.problems.first?.hint == "rename it, e.g. '\(expected)'")
    }

    @Test("two invalid names get two different suggestions")
    func distinctSuggestions() throws {
        let error = try #require(throws: MigrationSetError.self) {
            _ = try migrationSet(
                "shop", [("0001_a.sql", "SELECT 1;"), ("add.sql", "SELECT 1;"), ("drop.sql", "SELECT 1;")])
        }
        #expect(
            error.problems.compactMap(\.hint) == ["rename it, e.g. '0002_add.sql'", "rename it, e.g. '0003_drop.sql'"])
    }

    @Test("an empty set's hint speaks of files, not of command-line commands")
    func emptySet() throws {
        let error = try #require(throws: MigrationSetError.self) { _ = try migrationSet("shop", [("notes.txt", "x")]) }
        guard case .noMigrations(database: "shop", _) = error.reasons.first else {
            Issue.record("\(error)")
            return
        }
        let hint = error.problems.first?.hint ?? ""
        #expect(!hint.contains("kiln new"))
    }

    @Test("a missing migration folder carries the real errno")
    func missingFolder() throws {
        let folder = try TemporaryDirectory()
        let error = try #require(throws: MigrationSetError.self) {
            _ = try MigrationSet.load(directory: folder.path("migrations/shop"), displayPath: "migrations/shop")
        }
        guard case .folderUnreadable(let fileError) = error.reasons.first else {
            Issue.record("\(error)")
            return
        }
        #expect(fileError.isMissing)
        #expect(
            formattedDiagnostics(error).first?.hasPrefix("migrations/shop:1:1: error: cannot read the migration folder")
                == true)
    }

    @Test("a foreign-key violation lists the orphan rows and points into the migration")
    func foreignKeyViolation() throws {
        let files = [
            (
                "0001_a.sql",
                "CREATE TABLE p (id INTEGER PRIMARY KEY);\nCREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p);\n"
            ),
            ("0002_b.sql", "INSERT INTO c VALUES (1, 9);\n"),
        ]
        let folder = try TemporaryDirectory()
        let error = try #require(throws: MigrationError.self) {
            try Migrator(migrations: migrationSet("shop", files)).migrate(fileAt: folder.path("shop.sqlite"))
        }
        #expect(
            error.reason
                == .foreignKeyViolation(
                    version: 2, violations: [ForeignKeyViolation(table: "c", rowid: 1, parent: "p")]))
        #expect(error.message == "foreign key violation: table c rowid 1 references a missing row of p")
        #expect(error.location != nil)
        #expect(error.database == "shop")
    }

    @Test(
        "a broken foreign key points at the statement that broke it, not at the first that names the child",
        arguments: [
            // The parent's rows go with the table.
            ("UPDATE book SET title = trim(title);\nDROP TABLE author;\n", 2),
            // SQLite rewrites book's key to follow the rename; the table it then points at is dropped.
            ("UPDATE book SET title = trim(title);\nALTER TABLE author RENAME TO author_old;\n"
                + "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);\nDROP TABLE author_old;\n", 2),
            ("UPDATE book SET title = trim(title);\nDELETE FROM author WHERE name IS NULL;\n", 2),
        ])
    func foreignKeyBlame(migration: String, line: Int) throws {
        let files = [
            (
                "0001_a.sql",
                "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);\n"
                    + "CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, author_id INTEGER REFERENCES author);\n"
                    + "INSERT INTO author VALUES (1, NULL);\nINSERT INTO book VALUES (1, ' x ', 1);\n"
            ),
            ("0002_b.sql", migration),
        ]
        let folder = try TemporaryDirectory()
        let error = try #require(throws: MigrationError.self) {
            try Migrator(migrations: migrationSet("shop", files)).migrate(fileAt: folder.path("shop.sqlite"))
        }
        #expect(error.location?.line == line && error.location?.column == 1, "\(error.diagnostics)")
    }

    @Test("library hints name no command-line flag")
    func noFlagsInHints() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("legacy.sqlite", "not a database, but long enough to have a header of sorts....")
        let migrator = try Migrator(migrations: migrationSet("shop", [("0001_a.sql", "CREATE TABLE a (x);")]))
        let error = try #require(throws: MigrationError.self) { try migrator.migrate(fileAt: path) }
        #expect(error.reason == .notADatabase)
        #expect(error.message == "\(path) is not a SQLite database")
        let hint = error.hint ?? ""
        #expect(!hint.contains("--"))
        let target = try #require(throws: MigrationError.self) {
            try migrator.migrate(fileAt: folder.path("new.sqlite"), to: 5)
        }
        #expect(target.message == "there is no migration 5: the newest is 1")
        let targetHint = target.hint ?? ""
        #expect(!targetHint.contains("--to"))
    }
}
