import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln.json stand-ins for custom collations and functions")
struct StandInTests {
    static let migration =
        "CREATE TABLE tag (name TEXT NOT NULL COLLATE unicase UNIQUE, slug TEXT AS (slugify(name)));\n"
        + "CREATE INDEX tag_by_name ON tag (name COLLATE unicase DESC);\n"
        + "INSERT INTO tag (name) VALUES ('apple'), ('Banana');\n"

    static let configuration = """
        {"databases": {"tags": {
          "collations": {"unicase": "NOCASE"},
          "functions": {"slugify": {"arguments": 1, "returns": "first-argument"}, "stamp": {"arguments": 0, "returns": "null"}}
        }}}
        """

    @Test("stand-ins are read, typed, and refused with their key paths and locations")
    func reading() throws {
        let settings = try KilnConfiguration.parse(Array(Self.configuration.utf8)).settings(for: "tags").standIns
        #expect(settings.collations == ["unicase": .nocase])
        #expect(settings.functions["slugify"] == StandIns.Function(arguments: 1, returns: .firstArgument))
        #expect(settings.functions["stamp"]?.returns == .null)
        let bad = """
            {"databases": {"tags": {
              "collations": {"unicase": "LOCALIZED"},
              "functions": {"slugify": {"arguments": 0}, "x": {"arguments": 1, "returns": "zero", "pure": true}}
            }}}
            """
        let error = try #require(throws: ConfigurationError.self) { try KilnConfiguration.parse(Array(bad.utf8)) }
        #expect(
            error.problems.map(\.reason) == [
                .invalidCollationStandIn(path: "databases.tags.collations.unicase"),
                .invalidFunctionArguments(path: "databases.tags.functions.slugify.arguments"),
                .invalidFunctionReturns(path: "databases.tags.functions.x.returns"),
                .unknownKey(path: "databases.tags.functions.x.pure", allowed: ["arguments", "returns"]),
            ])
        #expect(error.problems[0].location == SourceLocation(path: "kiln.json", line: 2, column: 29))
        #expect(error.problems[1].location == SourceLocation(path: "kiln.json", line: 3, column: 42))
    }

    @Test("stand-in collations compare as SQLite's built-in ones do")
    func builtInOrder() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let standIns = try KilnConfiguration.parse(Array(Self.configuration.utf8)).settings(for: "tags").standIns
        try standIns.install(on: db)
        let words = ["b", "A", "a ", "a", "B ", "é", "É", "Z"]
        try db.execute(
            sql: "CREATE TABLE w (v TEXT); INSERT INTO w VALUES " + words.map { "('\($0)')" }.joined(separator: ", "))
        for collation in StandIns.Collation.allCases {
            try db.createCollation(named: "standin", collation.compare)
            let sql = "SELECT group_concat(v, '|') FROM (SELECT v FROM w ORDER BY v COLLATE %@, rowid)"
            let stand = try db.prepare(sql: sql.replacingOccurrences(of: "%@", with: "standin"))
            let real = try db.prepare(sql: sql.replacingOccurrences(of: "%@", with: collation.rawValue))
            #expect(try stand.step() && real.step())
            #expect(stand.text(at: 0) == real.text(at: 0), "\(collation)")
        }
    }

    @Test("a migration built with stand-ins has the schema the library gives it with the real collation")
    func sameSchema() throws {
        let folder = try TemporaryDirectory()
        try folder.write("migrations/tags/0001_create.sql", Self.migration)
        try folder.write("kiln.json", Self.configuration)
        let project = try KilnProject(root: folder.url)
        let withStandIns = try project.migrator(for: "tags").freshSchema(at: 1)
        var real = Migrator(migrations: try project.migrationSet(for: "tags"))
        real.prepareConnection = { connection in
            try connection.createCollation(named: "unicase") { $0.lowercased().compare($1.lowercased()) }
            try connection.createFunction(named: "slugify", argumentCount: 1) { _ in .text("slug") }
        }
        let db = try SQLiteConnection(path: ":memory:")
        try real.migrate(db)
        #expect(try SchemaSnapshot.read(from: db) == withStandIns)
        #expect(try db.integer(sql: "SELECT count(*) FROM tag WHERE name = 'APPLE'") == 1)
    }

    @Test("a template placeholder is found outside strings and comments, at its location")
    func placeholders() throws {
        let text = """
            -- {{ not this }}
            CREATE TABLE t (id $%AUTO_INCREMENT_PRIMARY_KEY%$, note TEXT DEFAULT '{{ data }}');
            INSERT INTO ${schema}.t (note) VALUES ({{ value }});

            """
        let found = TemplatePlaceholder.all(in: SourceText(path: "m.sql", bytes: Array(text.utf8)))
        #expect(found.map(\.token) == ["$%AUTO_INCREMENT_PRIMARY_KEY%$", "${schema}", "{{ value }}"])
        #expect(found.map(\.location.line) == [2, 3, 3])
        #expect(found.first?.location.column == 20)
    }
}
