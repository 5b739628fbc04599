import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

@Suite("ProjectStarter, the library behind kiln init")
struct ProjectStarterTests {
    @Test("start refuses a database name that breaks the rule, such as ../x, and makes nothing")
    func refusesInvalidDatabaseName() throws {
        let folder = try TemporaryDirectory()
        let root = folder.url.appendingPathComponent("app")
        for name in ["../x", "x/y", "", "1db"] {
            #expect(throws: ProjectError.invalidDatabaseName(name)) {
                try ProjectStarter.start(at: root, database: name)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).isEmpty)
        #expect(throws: ProjectError.invalidDatabaseName("../x")) {
            try KilnProject.requireValidDatabaseName("../x")
        }
        try KilnProject.requireValidDatabaseName("shop-2")
    }

    @Test("the outcome says which created paths are folders and names the first migration")
    func outcomeKnowsFolders() throws {
        let folder = try TemporaryDirectory()
        let outcome = try ProjectStarter.start(at: folder.url, database: "shop")
        #expect(
            outcome.created == [
                "migrations", "migrations/shop", "seeds", "seeds/shop", "migrations/shop/0001_create_tables.sql",
                "kiln.json",
            ])
        #expect(outcome.createdFolders == ["migrations", "migrations/shop", "seeds", "seeds/shop"])
        #expect(outcome.firstMigration == "migrations/shop/0001_create_tables.sql")
    }
}
