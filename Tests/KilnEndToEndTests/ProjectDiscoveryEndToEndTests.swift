import Foundation
import KilnBuild
import KilnTestSupport
import Testing

@Suite("the kiln binary finds its project from a subfolder, and init starts one")
struct ProjectDiscoveryEndToEndTests {
    @Test("init, then status and build from a subfolder: the project above is used and named once on stderr")
    func subfolder() throws {
        let folder = try TemporaryDirectory()
        try #require(try ProjectLocator.nearestProject(from: folder.url) == nil)
        let started = try KilnBinary.run(["init", "shop"], in: folder.url)
        #expect(started.status == 0, "\(started.standardError)")
        try folder.write("migrations/shop/0001_create_tables.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);\n")
        try FileManager.default.createDirectory(atPath: folder.path("app/sub"), withIntermediateDirectories: true)
        let sub = folder.url.appendingPathComponent("app/sub")
        let status = try KilnBinary.run(["status"], in: sub)
        #expect(status.status == 0, "\(status.standardError)")
        // kiln init names a development file, which nothing has made yet.
        #expect(
            status.standardOutput
                == "shop: 1 migration, newest version 1; its development file ../../dev/shop.sqlite does not exist "
                + "yet ('kiln migrate shop' makes it)\n")
        #expect(status.standardError == "kiln: using project at ../.. (\(folder.path("")))\n")
        let built = try KilnBinary.run(["build", "--quiet"], in: sub)
        #expect(built.status == 0 && built.standardError.isEmpty, "\(built.standardError)")
        #expect(folder.exists("build/shop.sqlite") && !folder.exists("app/sub/build"))
        let named = try KilnBinary.run(["status"], in: sub, environment: ["KILN_ROOT": "../.."])
        #expect(named.status == 0 && named.standardError.isEmpty, "\(named.standardError)")
    }

    @Test("in a folder with no project above, kiln new says so and writes nothing")
    func noProject() throws {
        let folder = try TemporaryDirectory()
        try #require(try ProjectLocator.nearestProject(from: folder.url) == nil)
        let result = try KilnBinary.run(["new", "shop", "create", "item"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "kiln: error: no kiln project in \(folder.path("")) or any folder above it\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).isEmpty)
    }
}
