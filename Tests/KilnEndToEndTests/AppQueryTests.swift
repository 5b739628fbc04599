import Foundation
import Kiln
import KilnTestSupport
import Testing

/// The five apps' own statements, from `queries/`, run with the apps' bind types against the files
/// `kiln build` makes from this repository's migrations and seeds.
@Suite("The five apps against the built databases", .serialized)
struct AppQueryTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Builds the repository's databases once into a temporary folder.
    static let built: Result<TemporaryDirectory, Error> = Result {
        let folder = try TemporaryDirectory()
        let result = try KilnBinary.run(
            ["build", "--root", repository.path, "--out", folder.path("build")], in: folder.url)
        guard result.status == 0 else { throw BuildFailure(output: result.standardError) }
        return folder
    }

    struct BuildFailure: Error { let output: String }

    private func open(_ file: String) throws -> SQLiteConnection {
        try SQLiteConnection(path: try Self.built.get().path("build/\(file)"), mode: .readWrite)
    }

    /// The statement of `queries/<database>.sql` that starts with `prefix`.
    private func query(_ database: String, _ prefix: String) throws -> String {
        let text = try String(
            contentsOf: Self.repository.appendingPathComponent("queries/\(database).sql"), encoding: .utf8)
        let statements = text.split(separator: "\n").filter { !$0.hasPrefix("--") }.map(String.init)
        return try #require(statements.first { $0.hasPrefix(prefix) }, "no statement starting with \(prefix)")
    }

    @Test("Onomastici: the name day of 19 March is Giuseppe and of 4 October Francesco, day and month bound as int")
    func santi() throws {
        let db = try open("santi.sql")
        let statement = try db.prepare(sql: try query("santi", "SELECT santo1"))
        // 29 February has a row too (the app asks for it every fourth year); its saint varies by calendar.
        for (day, month, expected) in [(19, 3, "Giuseppe"), (4, 10, "Francesco"), (13, 12, "Lucia"), (29, 2, "San")] {
            try statement.reset()
            try statement.bind(integer: Int64(day), at: 1)
            try statement.bind(integer: Int64(month), at: 2)
            #expect(try statement.step(), "no saint for \(day)/\(month)")
            let saint = statement.text(at: 0) ?? ""
            #expect(saint.contains(expected), "\(day)/\(month): \(saint)")
        }
        #expect(try db.integer(sql: "SELECT count(*) FROM santi") == 366)
    }

    @Test("Countries: SELECT * FROM country gives an integer id and text title and code, read by index")
    func countries() throws {
        let db = try open("countries")
        let rows = try db.rows(sql: try query("countries", "SELECT * FROM country"))
        #expect(rows.count >= 249)
        for row in rows {
            guard case .integer = row[0], case .text = row[1], case .text = row[2] else {
                Issue.record("row \(row) does not have the types the app reads")
                return
            }
        }
        #expect(
            Array(rows.prefix(4).map { Array($0.prefix(3)) }) == [
                [1, "Almanya", "49"], [2, "Türkiye", "90"], [3, "İngiltere", "44"], [4, "Amerika", "1"],
            ])
        #expect(try db.integer(sql: "SELECT count(DISTINCT iso2) FROM country WHERE iso2 IS NOT NULL") == rows.count)
    }

    @Test("Person list: INSERT INTO person VALUES(?,?) with an int and a text works, rows read as int and text")
    func person() throws {
        let db = try open("person.sqlite")
        let insert = try db.prepare(sql: try query("person", "INSERT INTO person"))
        try insert.bind(integer: 100, at: 1)
        try insert.bind(.text("新しい人"), at: 2)
        try insert.run()
        let rows = try db.rows(sql: try query("person", "SELECT id, name"))
        #expect(rows.contains([100, "新しい人"]))
        #expect(rows.contains([1, "山田太郎"]))
        try db.execute(sql: "DELETE FROM person WHERE id = 100")
        #expect(throws: SQLiteError.self) { try db.prepare(sql: "DELETE FROM location WHERE id=?") }
    }

    @Test("VehiculosCRUD: the list query gives integer, text, integer; insert, update and delete work")
    func vehicles() throws {
        let db = try open("vehiculos.sqlite")
        let rows = try db.rows(sql: try query("vehicles", "SELECT id"))
        #expect(rows.count >= 12)
        #expect(
            rows.allSatisfy { row in
                if case .integer = row[0], case .text = row[1], case .integer = row[2] { return true }
                return false
            })
        let insert = try db.prepare(sql: try query("vehicles", "INSERT INTO vehiculo"))
        try insert.bind([.text("Velero"), .integer(0)])
        try insert.run()
        let id = db.lastInsertRowID
        let update = try db.prepare(sql: try query("vehicles", "UPDATE vehiculo"))
        try update.bind([.text("Barco"), .integer(0), .integer(id)])
        try update.run()
        #expect(try db.rows(sql: "SELECT nombre_vehiculo FROM vehiculo WHERE id = ?", [.integer(id)]) == [["Barco"]])
        let delete = try db.prepare(sql: try query("vehicles", "DELETE FROM vehiculo"))
        try delete.bind([.integer(id)])
        try delete.run()
        #expect(throws: SQLiteError.self) {
            try db.execute(sql: "INSERT INTO vehiculo (nombre_vehiculo, numero_ruedas) VALUES ('x', -1)")
        }
    }

    @Test("SQLiteTest: 'Hallo Welt' is there, inserts work, and migrating at every launch is a no-op the second time")
    func sqlitetest() throws {
        let db = try open("sqlitetest.sqlite")
        #expect(try db.rows(sql: try query("sqlitetest", "SELECT * FROM test")) == [["Hallo Welt"]])
        let insert = try db.prepare(sql: try query("sqlitetest", "insert into test"))
        try insert.bind([.text("Hallo Kiln")])
        try insert.run()
        #expect(try db.rows(sql: "SELECT * FROM test ORDER BY field") == [["Hallo Kiln"], ["Hallo Welt"]])

        // The app used to run CREATE TABLE at every launch; now it runs the migrator on tmp.db.
        let folder = try TemporaryDirectory()
        let launch = ["migrate", "sqlitetest", "--db", folder.path("tmp.db"), "--root", Self.repository.path]
        #expect(try KilnBinary.run(launch, in: folder.url).standardOutput.contains("applied 0001_create_test.sql"))
        let before = try folder.read("tmp.db")
        let second = try KilnBinary.run(launch, in: folder.url)
        #expect(second.status == 0)
        #expect(second.standardOutput.hasSuffix("is at version 1, nothing to apply\n"))
        #expect(try folder.read("tmp.db") == before)
    }
}
