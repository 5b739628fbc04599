import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// Before a plan is written, the app's queries are prepared on the schema before it and on the planned one:
/// a query that stops preparing is the plan's break, named with what the plan renamed or dropped.
@Suite("Plans and the app's queries")
struct PlanQueryBreakTests {
    /// The shop (`item(id, name, price)` and `tag(id, label)`) with `queries` and `schema` as its files.
    static func project(queries: String?, schema: String) throws -> (TemporaryDirectory, KilnProject) {
        let folder = try TemporaryDirectory()
        for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
        try folder.write("migrations/shop/0003_tag.sql", "CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT);\n")
        if let queries { try folder.write("queries/shop.sql", queries) }
        try folder.write("schema/shop.sql", schema)
        return (folder, try KilnProject(root: folder.url))
    }

    static let item = "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL);\n"
    static let tag = "CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT);\n"

    /// The broken queries of planning `schema` with breaks allowed.
    static func broken(
        queries: String, schema: String, options: SchemaPlanOptions = SchemaPlanOptions(allowsDataLoss: true)
    ) throws -> [BrokenQuery] {
        let (folder, project) = try Self.project(queries: queries, schema: schema)
        _ = folder
        var allowed = options
        allowed.allowsQueryBreaks = true
        return try #require(try project.planMigration(for: "shop", options: allowed)).brokenQueries
    }

    @Test("a dropped table, a dropped column and a renamed table are each named as the cause")
    func causes() throws {
        let queries = "SELECT label FROM tag;\nSELECT price FROM item;\n"
        #expect(
            try Self.broken(queries: queries, schema: Self.item) == [
                BrokenQuery(
                    location: SourceLocation(path: "queries/shop.sql", line: 1, column: 19),
                    message: "no such table: tag", cause: "the plan drops table \"tag\"")
            ])
        #expect(
            try Self.broken(
                queries: queries, schema: Self.tag + "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"
            )
                == [
                    BrokenQuery(
                        location: SourceLocation(path: "queries/shop.sql", line: 2, column: 8),
                        message: "no such column: price", cause: "the plan drops column \"item\".\"price\"")
                ])
        let renamed = try Self.broken(
            queries: queries, schema: Self.item + Self.tag.replacingOccurrences(of: "tag", with: "label"),
            options: SchemaPlanOptions(renames: [.table(from: "tag", to: "label")]))
        #expect(
            renamed.map(\.description) == ["no such table: tag (--rename tag=label renames table \"tag\" to \"label\")"]
        )
    }

    @Test("only queries that prepared before the plan count: one already broken, or edited for the plan, is none")
    func onlyNewFailures() throws {
        let queries = "SELECT colour FROM item;\nSELECT id, title FROM item;\nSELECT id FROM tag;\n"
        let schema = Self.item.replacingOccurrences(of: "name TEXT", with: "title TEXT") + Self.tag
        let options = SchemaPlanOptions(renames: [.column(table: "item", from: "name", to: "title")])
        #expect(try Self.broken(queries: queries, schema: schema, options: options).isEmpty)
    }

    @Test("without the flag the plan is refused with an error at each broken query, the note once on the last")
    func refused() throws {
        let queries = "SELECT name FROM item;\nSELECT name, id FROM item;\n"
        let schema = Self.item.replacingOccurrences(of: "name TEXT", with: "title TEXT") + Self.tag
        let (folder, project) = try Self.project(queries: queries, schema: schema)
        _ = folder
        let options = SchemaPlanOptions(renames: [.column(table: "item", from: "name", to: "title")])
        let thrown = #expect(throws: PlanQueryBreakError.self) {
            try project.planMigration(for: "shop", options: options)
        }
        let error = try #require(thrown)
        #expect(error.queries.map(\.location.line) == [1, 2])
        #expect(error.diagnostics.map { $0.hint == nil } == [true, false])
        // Planned with no queries file, the same rename breaks nothing.
        let (other, unqueried) = try Self.project(queries: nil, schema: schema)
        _ = other
        #expect(try unqueried.planMigration(for: "shop", options: options)?.brokenQueries == [])
    }
}
