import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln.json")
struct KilnConfigurationTests {
    private func problems(_ json: String) -> [String] {
        do {
            _ = try KilnConfiguration.parse(Array(json.utf8))
            return []
        } catch {
            return formattedDiagnostics(error)
        }
    }

    @Test("reads each database's application id; a missing file means defaults")
    func reads() throws {
        let configuration = try KilnConfiguration.parse(
            Array(#"{"databases": {"countries": {"applicationId": 1263421772}}}"#.utf8))
        #expect(configuration.settings(for: "countries").applicationID == 1_263_421_772)
        #expect(configuration.settings(for: "other").applicationID == 0)
        #expect(try KilnConfiguration.load(path: "/nonexistent/kiln.json") == KilnConfiguration())
    }

    @Test("an unknown key is an error naming its path and line")
    func unknownKey() {
        let json = """
            {
              "databases": {
                "countries": {
                  "aplicationId": 5
                }
              }
            }
            """
        #expect(problems(json) == ["kiln.json:4:7: error: unknown key 'databases.countries.aplicationId'"])
        #expect(problems(#"{"database": {}}"#) == ["kiln.json:1:2: error: unknown key 'database'"])
    }

    @Test(
        "values of the wrong type are errors",
        arguments: [
            #"{"databases": {"a": {"applicationId": "12"}}}"#,
            #"{"databases": {"a": {"applicationId": 1.5}}}"#,
            #"{"databases": {"a": {"applicationId": 4294967296}}}"#,
            #"{"databases": {"a": {"applicationId": true}}}"#,
        ])
    func wrongTypes(json: String) {
        #expect(
            problems(json).first?.hasPrefix("kiln.json:1:39: error: 'databases.a.applicationId' must be an integer")
                == true, "\(problems(json))")
    }

    @Test("text that is not JSON, or not an object, is an error")
    func notJSON() {
        #expect(problems("{ databases: }").first == "kiln.json:1:3: error: the file is not valid JSON")
        #expect(problems("[1]").first == "kiln.json:1:1: error: 'the document' must be a JSON object")
    }
}

@Suite("Project layout")
struct KilnProjectTests {
    @Test("databases are the folders under migrations/; an unknown name suggests the closest")
    func databases() throws {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/countries/0001_a.sql", "CREATE TABLE country (id);")
        try folder.write("migrations/person/0001_a.sql", "CREATE TABLE person (id);")
        try folder.write("migrations/.hidden/0001_a.sql", "x")
        let project = try KilnProject(root: folder.url)
        #expect(try project.databaseNames() == ["countries", "person"])
        #expect(try project.migrationSet(for: "countries").latestVersion == 1)
        let error = try #require(throws: ProjectError.self) { try project.migrationSet(for: "contries") }
        #expect(error.diagnostics.first?.hint == "did you mean 'countries'? the databases are: countries, person")
    }

    @Test("the repository's own five databases load and migrate")
    func ownDatabases() throws {
        let root = TestFixtures.url("").deletingLastPathComponent().deletingLastPathComponent()
        let project = try KilnProject(root: root)
        #expect(try project.databaseNames() == ["countries", "person", "santi", "sqlitetest", "vehicles"])
        for name in try project.databaseNames() {
            let migrator = try project.migrator(for: name)
            let db = try SQLiteConnection(path: ":memory:")
            try migrator.migrate(db)
            #expect(try Migrator.version(of: db) == migrator.migrations.latestVersion)
        }
    }
}
