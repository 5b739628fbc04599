import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A chain whose third migration renames a table two others reference, and whose fourth fails on any database.
private struct RenameChain {
    let folder: TemporaryDirectory

    init(failingLast: Bool = false) throws {
        folder = try TemporaryDirectory()
        try folder.write(
            "migrations/app/0001_author.sql", "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n")
        try folder.write(
            "migrations/app/0002_book.sql",
            """
            CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id));
            CREATE TABLE "Quote" (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES "AUTHOR" (id));

            """)
        try folder.write("migrations/app/0003_rename.sql", "ALTER TABLE author RENAME TO writer;\n")
        try folder.write(
            "migrations/app/0004_next.sql",
            failingLast ? "INSERT INTO nowhere VALUES (1);\n" : "CREATE INDEX book_author ON book (author_id);\n")
    }

    var migrator: Migrator { get throws { try KilnProject(root: folder.url).migrator(for: "app") } }
}

@Suite("The rehearsal: one walk of the chain keeps what the checks ask of its versions")
struct RehearsalTests {
    @Test("a walk keeps the foreign keys before the migrations asked for, and the newest model")
    func walk() throws {
        let migrator = try RenameChain().migrator
        let walked = Rehearsal(newestVersion: 4, referencesBefore: [1, 3], keepsNewestModel: true).walk(migrator)
        #expect(walked.reached == 4)
        #expect(walked.references[1] == [:])
        #expect(walked.references[3]?["author".identifierKey] == ["Quote", "book"])
        #expect(walked.references[2] == nil && walked.references[4] == nil)
        let newest = try SchemaModel.read(from: try migrator.freshDatabase())
        #expect(walked.newestModel == newest)
        #expect(walked.newestModel?.tables.map(\.name).contains("writer") == true)
    }

    @Test("a walk that meets a failing migration keeps what came before it, and says where it stopped")
    func failingWalk() throws {
        let migrator = try RenameChain(failingLast: true).migrator
        let walked = Rehearsal(newestVersion: 4, referencesBefore: [3, 4], keepsNewestModel: true).walk(migrator)
        #expect(walked.reached == 3)
        #expect(walked.references[3]?["author".identifierKey] == ["Quote", "book"])
        #expect(walked.references[4]?["writer".identifierKey] == ["Quote", "book"])
        #expect(walked.newestModel == nil)
    }

    @Test("a check's first fresh build keeps the same as a walk of its own, so the rename lint migrates nothing more")
    func rideAlongTheBuild() throws {
        let chain = try RenameChain()
        let project = try KilnProject(root: chain.folder.url)
        let scratch = try TemporaryDirectory()
        let paths = ["a", "b"].map { scratch.url.appendingPathComponent("\($0).sqlite").path }
        var rehearsal = Rehearsal(newestVersion: 4, referencesBefore: [3], keepsNewestModel: true)
        let (fresh, findings) = ProjectChecker(project: project).buildTwice("app", into: paths, rehearsal: &rehearsal)
        #expect(fresh != nil && findings.isEmpty)
        let own = Rehearsal(newestVersion: 4, referencesBefore: [3], keepsNewestModel: true).walk(try chain.migrator)
        #expect(rehearsal.reached == 4 && rehearsal.references == own.references)
        #expect(rehearsal.newestModel == own.newestModel && rehearsal.newestModel != nil)
    }

    @Test("the check still warns of the rename, from the build's walk")
    func renameLintFromTheBuild() throws {
        let chain = try RenameChain()
        let project = try KilnProject(root: chain.folder.url)
        let lines = ProjectChecker(project: project).check("app").map { $0.formatted() }
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "migrations/app/0003_rename.sql:1:1: warning: renaming 'author' to 'writer' rewrites the foreign keys of 'Quote', 'book'"
                )
            }, "\(lines)")
    }
}
