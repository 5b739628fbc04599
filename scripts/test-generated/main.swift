import Foundation
import Kiln

/// An app type stored as text: the generated code converts it through `SQLiteConvertible`.
enum Region: String, SQLiteConvertible, Sendable {
    case europe = "EU"
    case asia = "AS"
}

/// Stops with the caller's line when `condition` fails.
func expect(_ condition: Bool, _ message: String, line: Int = #line) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("main.swift:\(line): expectation failed: \(message)\n".utf8))
    exit(1)
}

let connection = try SQLiteConnection(path: CommandLine.arguments[1])
let shop = ShopQueries(connection: connection)

// :many, with an annotated column and an annotated parameter of the app's own type.
let europe = try shop.countriesByRegion(region: .europe)
expect(europe.map(\.title) == ["Deutschland", "Italia"], "countries of Europe: \(europe.map(\.title))")
expect(europe.allSatisfy { $0.region == .europe }, "regions read back as Region")
let id: Int64 = europe[0].id  // INTEGER PRIMARY KEY: never NULL
let code: String? = europe[0].code  // TEXT without NOT NULL: optional
expect(id == 1 && code == "DE", "Deutschland is 1, DE")
expect(try shop.countriesByRegion(region: .asia).map(\.title) == ["Japan"], "countries of Asia")

// :one: a row, or nil.
let japan = try shop.countryByCode(code: "JP")
expect(japan?.title == "Japan", "country JP")
expect(try shop.countryByCode(code: "XX") == nil, "no country XX")

// :exec returns the changes; an optional Date parameter binds NULL or ISO-8601 text.
expect(try shop.addCity(countryId: 2, name: "Kyoto", founded: nil) == 1, "one city added")
try shop.addCity(countryId: 2, name: "Nara", founded: Date(timeIntervalSince1970: 0))

// :each: rows one at a time; the LEFT JOIN's side is optional, the other side is not.
var cities: [(String?, Date?, String)] = []
try shop.citiesWithCountry { row in
    let country: String = row.country
    let city: String? = row.cityName
    cities.append((city, row.founded, country))
}
let names = cities.map { "\($0.2)/\($0.0 ?? "-")" }
expect(names == ["Deutschland/Berlin", "Japan/Kyoto", "Japan/Nara", "Italia/-"], "cities: \(names)")
expect(cities[0].1.map { Int($0.timeIntervalSince1970) } == 981_173_106, "Berlin founded 2001-02-03T04:05:06Z")
expect(cities[1].1 == nil && cities[2].1 == Date(timeIntervalSince1970: 0), "founded read back as Date?")

// count(*) is Int64 and never NULL; another expression is a SQLiteValue.
let counted = try shop.cityCount(country: 2)
let total: Int64? = counted?.cities
let latest: SQLiteValue? = counted?.latest
expect(total == 2 && latest == .text("1970-01-01T00:00:00Z"), "Japan has 2 cities, latest \(String(describing: latest))")
expect(try shop.cityCount(country: 3)?.cities == 0 && shop.cityCount(country: 3)?.latest == .null, "Italia: none")

// A STRICT table: INT, REAL and BLOB map exactly; ANY stays a SQLiteValue.
try shop.addReading(n: 1, value: .real(2.5), weight: 3, data: [1, 2, 3])
try shop.addReading(n: 2, value: .null, weight: 4.5, data: nil)
let readings = try shop.readings()
let weight: Double = readings[0].weight
let data: [UInt8]? = readings[0].data
expect(readings.map(\.n) == [1, 2] && weight == 3 && data == [1, 2, 3], "readings")
expect(readings[0].value == .real(2.5) && readings[1].value == .null && readings[1].data == nil, "readings' values")

// A statement is prepared once per connection: a second run reuses it, and one inside :each gets its own.
var inner = 0
try shop.citiesWithCountry { _ in inner += try shop.countriesByRegion(region: .asia).count }
expect(inner == 4, "queries run inside :each")
print("all generated queries checked")
