import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Reads `text` as `queries/shop.sql`.
func queriesFile(_ text: String) throws -> SQLFile {
    let folder = try TemporaryDirectory()
    let path = try folder.write("shop.sql", text)
    return try SQLFile(path: path, displayPath: "queries/shop.sql")
}

/// The named queries of `text`, or the diagnostics of why there are none.
func namedQueries(_ text: String) throws -> Result<[NamedQuery], NamedQueryError> {
    let file = try queriesFile(text)
    do {
        return .success(try NamedQueries.read(file))
    } catch let error as NamedQueryError {
        return .failure(error)
    }
}

/// The lines of the formatted diagnostics of reading `text`'s named queries (empty when there is no problem).
func headerDiagnostics(_ text: String) throws -> [String] {
    guard case .failure(let error) = try namedQueries(text) else { return [] }
    return error.diagnostics.flatMap { $0.formatted().split(separator: "\n").map(String.init) }
}

@Suite("Named queries in queries/<database>.sql")
struct NamedQueriesTests {
    @Test("each shape names the statement after it; unnamed statements and other comments are left alone")
    func shapes() throws {
        let text = """
            -- The shop.
            SELECT 1;
            -- name: One :one
            SELECT id FROM item WHERE id = ?;
            --name:   Many   :many
            SELECT id FROM item;
            /* -- name: Hidden :one */ SELECT 2;
            -- name: Each :each
            -- a note between the name and the statement
            SELECT id FROM item;
            -- name: Exec :exec
            DELETE FROM item;
            """
        let queries = try namedQueries(text).get()
        #expect(queries.map(\.name) == ["One", "Many", "Each", "Exec"])
        #expect(queries.map(\.shape) == [.one, .many, .each, .exec])
        #expect(queries.map(\.nameLocation.line) == [3, 5, 8, 11])
        #expect(queries[0].nameLocation.column == 10)
        let file = try queriesFile(text)
        #expect(
            queries.map { $0.sql(in: file) } == [
                "SELECT id FROM item WHERE id = ?", "SELECT id FROM item", "SELECT id FROM item", "DELETE FROM item",
            ])
    }

    @Test("-- param: lines give parameters types, by name or position")
    func parameterLines() throws {
        let queries = try namedQueries(
            """
            -- name: Find :many
            -- param: limit Int64
            -- param: :since Date?
            -- param: ?3 Status
            -- param: 4 [UInt8]
            SELECT id FROM item WHERE added > :since AND kind = ?3 AND data = ?4 LIMIT :limit;
            """
        ).get()
        let types = queries[0].parameterTypes.mapValues(\.type)
        #expect(types == ["limit": "Int64", "since": "Date?", "?3": "Status", "?4": "[UInt8]"])
        #expect(queries[0].parameterTypes["since"]?.location.description == "queries/shop.sql:3:18")
    }

    @Test("an unknown or missing shape, a bad or repeated name, a name with no statement are located")
    func headerErrors() throws {
        #expect(
            try headerDiagnostics("-- name: Find :all\nSELECT 1;\n") == [
                "queries/shop.sql:1:15: error: unknown result shape ':all'",
                "queries/shop.sql:1:15: note: write ':one', ':many', ':each' or ':exec' after the name",
            ])
        #expect(
            try headerDiagnostics("-- name: Find\nSELECT 1;\n").first
                == "queries/shop.sql:1:10: error: query 'Find' has no result shape")
        #expect(
            try headerDiagnostics("-- name: Find :one extra\nSELECT 1;\n").first
                == "queries/shop.sql:1:20: error: unknown result shape 'extra'")
        #expect(
            try headerDiagnostics("-- name: 2Find :one\nSELECT 1;\n").first
                == "queries/shop.sql:1:10: error: query name '2Find' is not a Swift identifier")
        #expect(
            try headerDiagnostics("-- name: Return :one\nSELECT 1;\n").first
                == "queries/shop.sql:1:10: error: query name 'Return' is not a Swift identifier")
        #expect(
            try headerDiagnostics("-- name: A :one\nSELECT 1;\n\n-- name: A :many\nSELECT 2;\n") == [
                "queries/shop.sql:4:10: error: a second query is named 'A'",
                "queries/shop.sql:4:10: note: the first is at queries/shop.sql:1:10",
            ])
        #expect(
            try headerDiagnostics("-- name: A :one\n-- name: B :one\nSELECT 1;\n").first
                == "queries/shop.sql:1:10: error: no statement follows the name 'A'")
        #expect(
            try headerDiagnostics("SELECT 1;\n-- name: Last :one\n").first
                == "queries/shop.sql:2:10: error: no statement follows the name 'Last'")
    }

    @Test("a malformed -- param: line, or one naming no Swift type, is located")
    func parameterLineErrors() throws {
        #expect(
            try headerDiagnostics("-- param: x Int64\nSELECT :x;\n").first
                == "queries/shop.sql:1:1: error: '-- param: x Int64' is not a parameter annotation")
        #expect(
            try headerDiagnostics("-- name: A :one\n-- param: x\nSELECT :x;\n").first
                == "queries/shop.sql:2:1: error: '-- param: x' is not a parameter annotation")
        #expect(
            try headerDiagnostics("-- name: A :one\n-- param: x Int-64\nSELECT :x;\n").first
                == "queries/shop.sql:2:13: error: 'Int-64' is not a Swift type name")
    }

    @Test("names become Swift names: types, functions, properties")
    func swiftNames() {
        #expect(SwiftName.upperCamel("nombre_vehiculo") == "NombreVehiculo")
        #expect(SwiftName.lowerCamel("CountriesByRegion") == "countriesByRegion")
        #expect(SwiftName.lowerCamel("country_id") == "countryId")
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.isType("[UInt8]?") && SwiftName.isType("MyApp.Status") && !SwiftName.isType("Int-64"))
        #expect(SwiftQueriesWriter.typeName(of: "shop") == "ShopQueries")
        #expect(SwiftQueriesWriter.typeName(of: "my-app.db") == "MyAppDbQueries")
    }
}
