import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// `kiln import` copies nothing SQLite would not read, and nothing from outside the folder it is given.
@Suite("kiln import's source folder: NUL bytes and links")
struct ImportSourceFolderTests {
    /// A sqlx folder of two migrations.
    static func source() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("src/20240101000000_a.sql", "CREATE TABLE a (x);\n")
        try folder.write("src/20240102000000_b.sql", "CREATE TABLE b (x);\n")
        return folder
    }

    /// Plans the import of `src` in `folder`.
    static func plan(_ folder: TemporaryDirectory) throws -> ImportPlan {
        try ImportPlanner.plan(database: "app", source: folder.path("src"), shownAs: "src", tool: .sqlx)
    }

    @Test("GRDB, whose migrations are Swift code, has no folder to plan an import of")
    func grdbIsNotImportable() throws {
        let folder = try Self.source()
        #expect(throws: ImportError(.migrationsAreCode(.grdb))) {
            try ImportPlanner.plan(database: "app", source: folder.path("src"), shownAs: "src", tool: .grdb)
        }
        #expect(ForeignTool.importable == ForeignTool.allCases.filter { $0 != .grdb })
        #expect(
            ImportError.Reason.migrationsAreCode(.grdb).message
                == "grdb's migrations are written as code: there is no SQL to import; import works with diesel, "
                + "sqlx, golang-migrate, goose, dbmate, flyway, drizzle or prisma")
    }

    @Test("a migration holding a NUL is refused at its line and column")
    func nul() throws {
        let folder = try Self.source()
        try folder.write("src/20240102000000_b.sql", bytes: Array("CREATE TABLE b (x);\n-- \0\nDROP TABLE a;\n".utf8))
        let error = #expect(throws: ImportError.self) { try Self.plan(folder) }
        #expect(error?.reason == .nulByte)
        #expect(
            formattedDiagnostics(try #require(error))
                == ["src/20240102000000_b.sql:2:4: error: \(NULByteInputTests.nulMessage)"])
    }

    @Test("a migration that is not UTF-8 is refused at its line and column instead of being copied")
    func invalidUTF8() throws {
        let folder = try Self.source()
        let bytes = Array("CREATE TABLE b (x);\nINSERT INTO b VALUES ('caf".utf8) + [0xE9] + Array("');\n".utf8)
        try folder.write("src/20240102000000_b.sql", bytes: bytes)
        let error = #expect(throws: ImportError.self) { try Self.plan(folder) }
        #expect(error?.reason == .invalidUTF8)
        #expect(
            formattedDiagnostics(try #require(error))
                == ["src/20240102000000_b.sql:2:27: error: the file is not valid UTF-8"])
    }

    @Test("a file or a folder linked from outside the source folder is refused, naming the link and its target")
    func linkOutside() throws {
        let folder = try Self.source()
        let outside = try TemporaryDirectory()
        let target = try outside.write("secret.sql", "CREATE TABLE secret (x);\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("src/20240103000000_c.sql"), withDestinationPath: target)
        let error = #expect(throws: ImportError.self) { try Self.plan(folder) }
        let resolved = try FileSystem.resolvedPath(target)
        #expect(
            error?.reason
                == .linkOutsideFolder(link: "src/20240103000000_c.sql", target: resolved, folder: "src"))
        #expect(error?.location == SourceLocation(path: "src/20240103000000_c.sql", line: 1, column: 1))
        // A diesel migration folder that is a link out of the source folder, and an up.sql that is one.
        let diesel = try TemporaryDirectory()
        try diesel.write("src/2024-01-01-000000_a/up.sql", "CREATE TABLE a (x);\n")
        try outside.write("b/up.sql", "CREATE TABLE b (x);\n")
        try FileManager.default.createSymbolicLink(
            atPath: diesel.path("src/2024-01-02-000000_b"), withDestinationPath: outside.path("b"))
        #expect(throws: ImportError.self) {
            try ImportPlanner.plan(database: "app", source: diesel.path("src"), shownAs: "src", tool: .diesel)
        }
        try FileManager.default.removeItem(atPath: diesel.path("src/2024-01-02-000000_b"))
        try FileManager.default.createSymbolicLink(
            atPath: diesel.path("src/2024-01-01-000000_a/down.sql"), withDestinationPath: target)
        let nested = #expect(throws: ImportError.self) {
            try ImportPlanner.plan(database: "app", source: diesel.path("src"), shownAs: "src", tool: .diesel)
        }
        #expect(nested?.location?.path == "src/2024-01-01-000000_a/down.sql")
    }

    @Test("links that stay inside the folder are followed, and the folder named may itself be a link")
    func linkInside() throws {
        let folder = try Self.source()
        try folder.write("src/shared/c.sql", "CREATE TABLE c (x);\n")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("src/20240103000000_c.sql"), withDestinationPath: "shared/c.sql")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("alias"), withDestinationPath: folder.path("src"))
        let plan = try ImportPlanner.plan(database: "app", source: folder.path("alias"), shownAs: "alias", tool: .sqlx)
        #expect(plan.migrations.map(\.fileName).last == "0003_20240103000000_c.sql")
        #expect(plan.migrations.last?.bytes == Array("CREATE TABLE c (x);\n".utf8))
    }
}
