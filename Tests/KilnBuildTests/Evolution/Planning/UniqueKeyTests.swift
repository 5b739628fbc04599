import Testing

@testable import Kiln
@testable import KilnBuild

/// Which UNIQUE keys the old schema's keys already guarantee.
@Suite("UNIQUE keys, guaranteed or not")
struct UniqueKeyTests {
    static func index(_ terms: [(String, String)], origin: String = "u", condition: String? = nil) -> SchemaModel.Index
    {
        SchemaModel.Index(
            name: "k", table: "t", isUnique: true, origin: origin,
            terms: terms.map {
                SchemaModel.IndexTerm(expression: $0.0, isExpression: false, collation: $0.1, isDescending: false)
            },
            condition: condition)
    }

    static func key(_ terms: [(String, String)], origin: String = "u", condition: String? = nil) -> UniqueKey {
        UniqueKey(index(terms, origin: origin, condition: condition))
    }

    @Test("NOCASE to BINARY, another order, the same key, or a PRIMARY KEY for a UNIQUE is guaranteed")
    func sameColumns() {
        let nocase = Self.key([("a", "BINARY"), ("b", "NOCASE")])
        #expect(nocase.implies(Self.key([("A", "BINARY"), ("b", "BINARY")])))
        #expect(nocase.implies(Self.key([("b", "NOCASE"), ("a", "BINARY")])))
        #expect(nocase.implies(Self.key([("a", "BINARY"), ("b", "NOCASE")], origin: "pk")))
        #expect(Self.key([("a", "BINARY")], origin: "pk").implies(Self.key([("a", "BINARY")])))
        #expect(!Self.key([("a", "BINARY"), ("b", "BINARY")]).implies(nocase))
        #expect(!Self.key([("a", "RTRIM")]).implies(Self.key([("a", "NOCASE")])))
        #expect(!Self.key([("a", "NOCASE")]).implies(Self.key([("a", "RTRIM")])))
        #expect(Self.key([("a", "RTRIM")]).implies(Self.key([("a", "BINARY")])))
    }

    @Test("a key over a subset of the columns guarantees one over more; over more it guarantees nothing fewer")
    func subsets() {
        #expect(Self.key([("a", "BINARY")]).implies(Self.key([("b", "BINARY"), ("a", "BINARY")])))
        #expect(!Self.key([("a", "BINARY"), ("b", "BINARY")]).implies(Self.key([("a", "BINARY")])))
        #expect(!Self.key([("a", "BINARY")]).implies(Self.key([("b", "BINARY")])))
    }

    @Test("a partial index guarantees only a key with its condition; a full one guarantees a partial one")
    func partial() {
        let partial = Self.key([("a", "BINARY")], condition: "a > 0")
        #expect(!partial.implies(Self.key([("a", "BINARY")])))
        #expect(partial.implies(Self.key([("a", "BINARY"), ("b", "BINARY")], condition: "a > 0")))
        #expect(!partial.implies(Self.key([("a", "BINARY")], condition: "a > 1")))
        #expect(Self.key([("a", "BINARY")]).implies(Self.key([("a", "BINARY")], condition: "a > 1")))
    }

    @Test("the rowid's alias is a guarantee, and so is a UNIQUE index of the same table only")
    func guarantees() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b TEXT UNIQUE); CREATE TABLE o (a TEXT);
                CREATE UNIQUE INDEX t_a ON t (a COLLATE NOCASE); CREATE UNIQUE INDEX o_a ON o (a);
                CREATE INDEX t_b ON t (b, a);
                """)
        let model = try SchemaModel.read(from: connection)
        let table = try #require(model.tables.first { $0.name == "t" })
        let keys = UniqueKey.guarantees(of: table, rowIDAlias: "id", indexes: model.indexes)
        #expect(keys.count == 3)
        #expect(UniqueKey.isGuaranteed(Self.index([("id", "BINARY"), ("a", "NOCASE")]), by: keys))
        #expect(UniqueKey.isGuaranteed(Self.index([("a", "BINARY")]), by: keys))
        #expect(UniqueKey.isGuaranteed(Self.index([("b", "BINARY")], origin: "pk"), by: keys))
        #expect(!UniqueKey.isGuaranteed(Self.index([("a", "RTRIM")]), by: keys))
    }
}
