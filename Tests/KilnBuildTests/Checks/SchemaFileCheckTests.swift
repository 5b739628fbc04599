import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild
@testable import KilnCommandLine

/// A project with a `shop` database of two migrations, whose schema-file findings the tests read.
private struct SchemaFileProject {
    let folder: TemporaryDirectory

    init(kilnJSON: String? = nil) throws {
        folder = try TemporaryDirectory()
        for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
        if let kilnJSON { try folder.write("kiln.json", kilnJSON) }
    }

    /// `kiln schema shop --write`, as the command does it.
    func writeSchemaFile() throws {
        let project = try KilnProject(root: folder.url)
        let migrator = try project.migrator(for: "shop")
        let contents = try SchemaFile.contents(
            for: "shop", migrator: migrator, header: SchemaCommand.header("shop", version: 2),
            diagram: project.configuration.keepsSchemaDiagram(for: "shop"))
        _ = try SchemaFile.write(contents, database: "shop", in: project)
    }

    /// The schema-file step's findings, as `kiln check` prints their first lines.
    func lines() throws -> [String] {
        try findings().flatMap(\.commandLineDiagnostics).map { String($0.formatted().split(separator: "\n")[0]) }
    }

    /// The same findings, with their hints.
    func findings() throws -> [CheckFinding] {
        let project = try KilnProject(root: folder.url)
        let migrator = try project.migrator(for: "shop")
        let walked = Rehearsal(newestVersion: migrator.migrations.latestVersion, keepsNewestModel: true).walk(migrator)
        return SchemaFileCheck.findings(for: "shop", migrator: migrator, project: project) { walked.newestModel }
    }
}

@Suite("kiln check's schema file step")
struct SchemaFileCheckTests {
    @Test("a project without schema/ and without schemaFile needs no schema file; with either, a missing one fails")
    func missing() throws {
        #expect(try SchemaFileProject().lines().isEmpty)
        let folder = try SchemaFileProject()
        try FileManager.default.createDirectory(
            at: folder.folder.url.appendingPathComponent("schema"), withIntermediateDirectories: true)
        #expect(try folder.lines() == ["schema/shop.sql:1:1: error: schema/shop.sql is missing"])
        let hint = try folder.findings().flatMap(\.commandLineDiagnostics).first?.hint
        #expect(hint == "write it with 'kiln schema shop --write' and commit it")
        let configured = try SchemaFileProject(kilnJSON: #"{"schemaFile": true}"#)
        #expect(try configured.lines() == ["schema/shop.sql:1:1: error: schema/shop.sql is missing"])
        try configured.writeSchemaFile()
        #expect(try configured.lines().isEmpty)
    }

    @Test("a stale file gives each semantic difference at the statement that creates the object")
    func stale() throws {
        let project = try SchemaFileProject()
        try project.writeSchemaFile()
        #expect(try project.lines().isEmpty)
        var text = String(decoding: try project.folder.read("schema/shop.sql"), as: UTF8.self)
        text = text.replacingOccurrences(of: "    price REAL\n", with: "    price INTEGER,\n    stock INTEGER\n")
        text += "\nCREATE INDEX item_name ON item(name);\n"
        try project.folder.write("schema/shop.sql", text)
        let lines = try project.lines()
        #expect(
            lines == [
                "schema/shop.sql:5:1: error: schema/shop.sql does not match migrations 1–2: the file has a column item.stock the migrations do not make",
                "schema/shop.sql:5:1: error: schema/shop.sql does not match migrations 1–2: table item: column price: type REAL in the migrations, INTEGER in the file",
                "schema/shop.sql:12:1: error: schema/shop.sql does not match migrations 1–2: the file has an index item_name the migrations do not make",
            ], "\(lines)")
        let hint = try project.findings().first?.commandLineDiagnostics.first?.hint ?? ""
        #expect(hint.contains("'kiln schema shop --write'") && hint.contains("'kiln plan shop'"))
    }

    @Test("a difference in a table whose name holds a dot is at that table's statement, not at the file's start")
    func dottedTableName() throws {
        let project = try SchemaFileProject()
        try project.folder.write("migrations/shop/0003_dotted.sql", "CREATE TABLE \"a.b\" (id INTEGER PRIMARY KEY);\n")
        try project.writeSchemaFile()
        var text = String(decoding: try project.folder.read("schema/shop.sql"), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "    id INTEGER PRIMARY KEY\n);", with: "    id INTEGER PRIMARY KEY,\n    x TEXT\n);")
        try project.folder.write("schema/shop.sql", text)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"a.b\"") }
        let lines = try project.lines()
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("schema/shop.sql:\((line ?? 0) + 1):1: error:") == true, "\(lines)\n\(text)")
        #expect(lines.first?.hasSuffix("the file has a column a.b.x the migrations do not make") == true, "\(lines)")
    }

    @Test("a file that starts with a UTF-8 byte order mark reads as without it; one migration is 'migration 1'")
    func byteOrderMarkAndOneMigration() throws {
        let project = try SchemaFileProject()
        try project.writeSchemaFile()
        let text = try project.folder.read("schema/shop.sql")
        try project.folder.write("schema/shop.sql", String(decoding: [0xEF, 0xBB, 0xBF] + text, as: UTF8.self))
        #expect(try project.lines().isEmpty)
        try project.folder.write(
            "schema/shop.sql", "\u{FEFF}CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NUL);\n")
        let syntax = try project.lines()
        #expect(syntax == [#"schema/shop.sql:1:58: error: near "NUL": syntax error"#], "\(syntax)")
        try FileManager.default.removeItem(atPath: project.folder.path("migrations/shop/0002_add_price.sql"))
        try project.folder.write("schema/shop.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        #expect(
            try project.lines() == [
                "schema/shop.sql:1:1: error: schema/shop.sql does not match migration 1: table item: column name: NOT NULL yes in the migrations, no in the file"
            ])
    }

    @Test("a file of schema/ that is no database's schema file or diagram is an error, like a stray fixtures/ entry")
    func strayFile() throws {
        let project = try SchemaFileProject()
        try project.writeSchemaFile()
        try project.folder.write("schema/ghost.sql", "CREATE TABLE ghost (id);\n")
        try project.folder.write("schema/shop.md", "# shop\n")
        try project.folder.write("schema/.gitkeep", "")
        try project.folder.write("schema/shp.sql", "")
        let findings = ProjectChecker(project: try KilnProject(root: project.folder.url)).projectFindings()
        let diagnostics = findings.flatMap(\.commandLineDiagnostics)
        #expect(
            diagnostics.map { String($0.formatted().split(separator: "\n")[0]) } == [
                "schema/ghost.sql:1:1: error: schema/ghost.sql names no database: kiln never reads or checks it",
                "schema/shp.sql:1:1: error: schema/shp.sql names no database: kiln never reads or checks it",
            ])
        #expect(
            diagnostics.last?.hint?.hasPrefix("did you mean 'shop'? schema files are schema/<database>.sql") == true)
    }

    @Test("a syntax error, a statement that is no CREATE, and an unclosed comment are errors at their line and column")
    func located() throws {
        let project = try SchemaFileProject()
        try project.folder.write(
            "schema/shop.sql",
            "-- header\nCREATE TABLE item (\n    id INTEGER PRIMARY KEY,\n    name TEXT NOT NUL\n);\n")
        #expect(try project.lines() == [#"schema/shop.sql:4:19: error: near "NUL": syntax error"#])
        try project.folder.write(
            "schema/shop.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY);\n  INSERT INTO item VALUES (1);\n")
        #expect(
            try project.lines() == [
                "schema/shop.sql:2:3: error: a schema file holds only CREATE TABLE, INDEX, VIEW, TRIGGER and VIRTUAL TABLE statements, not INSERT INTO item"
            ])
        try project.folder.write("schema/shop.sql", "CREATE TEMP TABLE item (id);\n")
        #expect(try project.lines().first?.hasPrefix("schema/shop.sql:1:1: error: a schema file holds only") == true)
        try project.folder.write("schema/shop.sql", "CREATE TABLE item (id);\nCREATE TABLE temp.note (id);\n")
        #expect(
            try project.lines() == [
                "schema/shop.sql:2:1: error: a schema file holds only CREATE TABLE, INDEX, VIEW, TRIGGER and VIRTUAL TABLE statements, not an object of the temp schema"
            ])
        try project.folder.write("schema/shop.sql", "CREATE TABLE item (id);\n/* never closed\n")
        #expect(try project.lines().first?.hasPrefix("schema/shop.sql:2:1: error: unterminated") == true)
    }

    @Test("schemaDiagram keeps schema/<database>.md, which must be current")
    func diagram() throws {
        let project = try SchemaFileProject(kilnJSON: #"{"databases": {"shop": {"schemaDiagram": true}}}"#)
        try project.writeSchemaFile()
        #expect(project.folder.exists("schema/shop.md"))
        let markdown = String(decoding: try project.folder.read("schema/shop.md"), as: UTF8.self)
        #expect(markdown.hasPrefix("# shop\n") && markdown.contains("```mermaid\nerDiagram"), "\(markdown)")
        #expect(try project.lines().isEmpty)
        try project.folder.write("schema/shop.md", markdown + "edited\n")
        #expect(
            try project.lines() == [
                "schema/shop.md:1:1: error: schema/shop.md is not the diagram of the migrations' schema"
            ])
        try FileManager.default.removeItem(atPath: project.folder.path("schema/shop.md"))
        #expect(try project.lines() == ["schema/shop.md:1:1: error: schema/shop.md is missing"])
        let off = try SchemaFileProject(
            kilnJSON: #"{"schemaDiagram": true, "databases": {"shop": {"schemaDiagram": false}}}"#)
        try off.writeSchemaFile()
        #expect(!off.folder.exists("schema/shop.md"))
    }

    @Test("schemaFile and schemaDiagram must be booleans")
    func settings() throws {
        #expect(throws: ConfigurationError.self) { try KilnConfiguration.parse(Array(#"{"schemaFile": 1}"#.utf8)) }
        #expect(throws: ConfigurationError.self) {
            try KilnConfiguration.parse(Array(#"{"databases": {"a": {"schemaDiagram": "yes"}}}"#.utf8))
        }
        let configuration = try KilnConfiguration.parse(Array(#"{"schemaDiagram": true}"#.utf8))
        #expect(configuration.keepsSchemaDiagram(for: "a") && !configuration.schemaFile)
    }
}
