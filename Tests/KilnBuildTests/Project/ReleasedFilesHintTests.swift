import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A gap or a shared version, told apart by `kiln.sum`: the file that shipped is never the one to rename.
@Suite("Gaps and shared versions: kiln.sum decides which file is renamed, and to what")
struct ReleasedFilesHintTests {
    /// A project whose migrations 1–3 were recorded by `kiln hash`, then changed by `change`.
    private static func hints(after change: (TemporaryDirectory) throws -> Void, recorded: Bool = true) throws
        -> [String: String]
    {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/app/0001_create_note.sql", "CREATE TABLE note (id INTEGER PRIMARY KEY);\n")
        try folder.write("migrations/app/0002_add_title.sql", "ALTER TABLE note ADD COLUMN title TEXT;\n")
        try folder.write("migrations/app/0003_add_body.sql", "ALTER TABLE note ADD COLUMN body TEXT;\n")
        if recorded { _ = try ProjectChecker(project: try KilnProject(root: folder.url)).writeSum(for: "app") }
        try change(folder)
        do {
            _ = try KilnProject(root: folder.url).migrationSet(for: "app")
            Issue.record("the migrations loaded")
            return [:]
        } catch let error as MigrationSetError {
            return Dictionary(
                error.problems.map { ($0.location.path, $0.hint ?? "") }, uniquingKeysWith: { first, _ in first })
        }
    }

    @Test("a new migration numbered past a gap never shipped: rename it, to the exact name")
    func unshippedAfterGap() throws {
        let hints = try Self.hints { try $0.write("migrations/app/0005_add_tags.sql", "SELECT 1;\n") }
        #expect(
            hints["migrations/app/0005_add_tags.sql"]
                == "'0005_add_tags.sql' is not in kiln.sum, so it never shipped: rename it to '0004_add_tags.sql'")
    }

    @Test("a shipped migration after a gap (one before it deleted) is never renamed: a placeholder fills the gap")
    func shippedAfterGap() throws {
        let hints = try Self.hints { folder in
            try FileManager.default.removeItem(
                at: folder.url.appendingPathComponent("migrations/app/0002_add_title.sql"))
        }
        #expect(
            hints["migrations/app/0003_add_body.sql"]
                == "'0003_add_body.sql' shipped (kiln.sum records it), so never rename it: add a comment-only placeholder for version 2, e.g. '0002_placeholder.sql'"
        )
    }

    @Test("two files with one version: the shipped one stays, the other moves past the newest version")
    func sharedVersion() throws {
        let hints = try Self.hints { try $0.write("migrations/app/0003_add_pinned.sql", "SELECT 1;\n") }
        #expect(
            hints["migrations/app/0003_add_body.sql"]
                == "'0003_add_body.sql' shipped (kiln.sum records it), so keep it: rename '0003_add_pinned.sql' instead"
        )
        #expect(
            hints["migrations/app/0003_add_pinned.sql"]
                == "'0003_add_pinned.sql' is not in kiln.sum, so it never shipped: rename it to '0004_add_pinned.sql'")
    }

    @Test("without kiln.sum, the hints say how to decide")
    func noRecord() throws {
        let hints = try Self.hints(
            after: { try $0.write("migrations/app/0005_add_tags.sql", "SELECT 1;\n") }, recorded: false)
        #expect(
            hints["migrations/app/0005_add_tags.sql"]?.hasPrefix(
                "if '0005_add_tags.sql' was never released, renumber it to 4") == true)
    }
}
