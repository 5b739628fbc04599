import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The schema of the typing tests: NOT NULL and nullable columns, a rowid alias, a join, STRICT, NUMERIC and
/// an untyped column.
private let schema = """
    CREATE TABLE country (id INTEGER PRIMARY KEY, title TEXT NOT NULL, code TEXT, area NUMERIC, note);
    CREATE TABLE city (id INTEGER PRIMARY KEY, country_id INTEGER NOT NULL REFERENCES country (id),
        name TEXT NOT NULL, photo BLOB, rating REAL);
    CREATE TABLE reading (n INT NOT NULL, value ANY, weight REAL NOT NULL) STRICT;
    CREATE TABLE pair (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
    CREATE TABLE tag (id integer primary key, label text);
    """

/// The queries of `text`, typed on `schema`.
private func typed(_ text: String) throws -> [TypedQuery] {
    let file = try queriesFile(text)
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute(sql: schema)
    let model = try SchemaModel.read(from: connection)
    return try QueryTyper(file: file, connection: connection, schema: model).typed(NamedQueries.read(file))
}

/// `property: Type` of each result column of the only query of `text`.
private func columns(_ text: String) throws -> [String] {
    try typed(text)[0].columns.map { "\($0.property): \($0.type)" }
}

/// `label: Type` of each parameter of the only query of `text`.
private func parameters(_ text: String) throws -> [String] {
    try typed(text)[0].parameters.map { "\($0.label): \($0.type)" }
}

/// The lines of the formatted diagnostics of typing `text`.
private func typingDiagnostics(_ text: String) throws -> [String] {
    do {
        _ = try typed(text)
        return []
    } catch let error as NamedQueryError {
        return error.diagnostics.flatMap { $0.formatted().split(separator: "\n").map(String.init) }
    }
}

@Suite("Typing named queries from what SQLite says")
struct QueryTypingTests {
    @Test("NOT NULL columns and the rowid are non-optional; other columns optional; affinity gives the type")
    func tableColumns() throws {
        #expect(
            try columns("-- name: A :many\nSELECT id, title, code, area, note FROM country;")
                == ["id: Int64", "title: String", "code: String?", "area: Double?", "note: SQLiteValue"])
        #expect(
            try columns("-- name: A :many\nSELECT photo, rating, country_id FROM city;")
                == ["photo: [UInt8]?", "rating: Double?", "countryId: Int64"])
        #expect(try columns("-- name: A :many\nSELECT a, b FROM pair;") == ["a: String", "b: String"])
        // SQLite's rowid alias rule ignores the case of the declared type, as SchemaModel's rowIDAlias does.
        #expect(try columns("-- name: A :many\nSELECT id, label FROM tag;") == ["id: Int64", "label: String?"])
    }

    @Test("STRICT tables map exactly: INT, REAL, and ANY as SQLiteValue")
    func strictTables() throws {
        #expect(
            try columns("-- name: A :many\nSELECT n, value, weight FROM reading;")
                == ["n: Int64", "value: SQLiteValue", "weight: Double"])
    }

    @Test("the optional side of a LEFT JOIN is optional, the other side is not, with or without an index")
    func leftJoin() throws {
        let query = """
            -- name: A :many
            SELECT country.title, city.name AS city FROM country LEFT JOIN city ON city.country_id = country.id;
            """
        #expect(try columns(query) == ["title: String", "city: String?"])
        #expect(
            try columns(
                """
                -- name: A :many
                SELECT country.title, c.name FROM city AS c LEFT JOIN country ON country.id = c.country_id;
                """) == ["title: String?", "name: String"])
        #expect(
            try columns(
                """
                -- name: A :many
                SELECT city.name, country.title FROM city JOIN country ON country.id = city.country_id;
                """) == ["name: String", "title: String"])
        // A subquery on the optional side: SQLite's program no longer names the table, so everything is optional.
        #expect(
            try columns(
                """
                -- name: A :many
                SELECT country.title, s.name FROM country
                LEFT JOIN (SELECT DISTINCT name, country_id FROM city) AS s ON s.country_id = country.id;
                """) == ["title: String?", "name: String?"])
    }

    @Test("count(*) is Int64; other expressions are SQLiteValue; aggregates without GROUP BY make columns optional")
    func expressions() throws {
        #expect(try columns("-- name: A :one\nSELECT count(*) AS n FROM country;") == ["n: Int64"])
        #expect(
            try columns("-- name: A :one\nSELECT count(code) AS coded, max(id) AS top, title FROM country;")
                == ["coded: Int64", "top: SQLiteValue", "title: String?"])
        #expect(
            try columns("-- name: A :many\nSELECT title, count(*) AS n FROM country GROUP BY title;")
                == ["title: String", "n: Int64"])
        #expect(
            try columns("-- name: A :many\nSELECT title FROM country UNION SELECT name FROM city;") == [
                "title: String?"
            ])
    }

    @Test("an alias annotation types a column, app types included")
    func annotations() throws {
        #expect(
            try columns(
                """
                -- name: A :many
                SELECT sum(area) AS "total: Double", code AS "code: Status?", title AS "added: Date" FROM country;
                """) == ["total: Double", "code: Status?", "added: Date"])
    }

    @Test("every parameter form: ?, ?NNN, :name, @name, $name, typed from the column it meets")
    func parameterForms() throws {
        #expect(
            try parameters(
                """
                -- name: A :many
                SELECT id FROM country WHERE id = ? AND title = :title AND code = @code AND area > $area;
                """) == ["id: Int64", "title: String", "code: String", "area: Double"])
        #expect(
            try parameters("-- name: A :many\nSELECT id FROM city WHERE ?2 = name AND rating < ?2;") == ["name: String"]
        )
        #expect(try parameters("-- name: A :many\nSELECT id FROM country WHERE code IS ?;") == ["code: String?"])
        #expect(
            try parameters("-- name: A :many\nSELECT id FROM country WHERE id = ? + 1;") == ["parameter1: SQLiteValue"])
    }

    @Test("INSERT and UPDATE parameters take their column's type, optional when it may be NULL")
    func writes() throws {
        #expect(
            try parameters("-- name: A :exec\nINSERT INTO city (name, country_id, rating) VALUES (:name, ?, ?);")
                == ["name: String", "countryId: Int64", "rating: Double?"])
        #expect(
            try parameters("-- name: A :exec\nINSERT INTO reading VALUES (?, ?, ?);")
                == ["n: Int64", "value: SQLiteValue", "weight: Double"])
        #expect(
            try parameters("-- name: A :exec\nUPDATE country SET code = ?, title = ? WHERE id = ?;")
                == ["code: String?", "title: String", "id: Int64"])
    }

    @Test("a -- param: line types what SQLite cannot tell, and overrides what it can")
    func parameterAnnotations() throws {
        #expect(
            try parameters(
                "-- name: A :many\n-- param: limit Int\n-- param: 1 Status\nSELECT id FROM country WHERE code = ? LIMIT :limit;"
            )
                == ["code: Status", "limit: Int"])
        #expect(
            try typingDiagnostics("-- name: A :many\n-- param: nope Int\nSELECT id FROM country;").first
                == "queries/shop.sql:2:16: error: query 'A' has no parameter 'nope'")
    }

    @Test("a statement that does not prepare, a bad column name and a shape with no row are located")
    func typingErrors() throws {
        #expect(
            try typingDiagnostics("-- name: A :many\nSELECT id, nme FROM country;").first
                == "queries/shop.sql:2:12: error: query 'A' does not prepare on the newest schema: no such column: nme")
        #expect(
            try typingDiagnostics("-- name: A :one\nDELETE FROM country;").first
                == "queries/shop.sql:1:10: error: query 'A' returns no column, so ':one' has no row")
        #expect(
            try typingDiagnostics("-- name: A :many\nSELECT id + 1 FROM country;").first
                == "queries/shop.sql:2:1: error: result column 'id + 1' of query 'A' is not a Swift identifier")
        #expect(
            try typingDiagnostics("-- name: A :many\nSELECT id, code AS \"id: Int\" FROM country;").first
                == "queries/shop.sql:2:20: error: two result columns of query 'A' are named 'id'")
        #expect(
            try typingDiagnostics("-- name: A :many\nSELECT code AS \"code: Int-8\" FROM country;").first
                == "queries/shop.sql:2:16: error: 'Int-8' is not a Swift type name")
    }
}
