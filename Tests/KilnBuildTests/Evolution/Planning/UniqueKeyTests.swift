@testable import Kiln
import Testing

@testable import KilnBuild

/// Which UNIQUE keys accept every set of rows another accepted.
@Suite("UNIQUE keys, stricter or not")
struct UniqueKeyTests {
    static func key(_ terms: [(String, String)], origin: String = "u") -> SchemaModel.Index {
        SchemaModel.Index(
            name: "k", table: "t", isUnique: true, origin: origin,
            terms: terms.map {
                SchemaModel.IndexTerm(expression: $0.0, isExpression: false, collation: $0.1, isDescending: false)
            },
            condition: nil)
    }

    @Test("NOCASE to BINARY, another order, or the same key is no stricter; BINARY to NOCASE, fewer terms are")
    func looseness() {
        let nocase = Self.key([("a", "BINARY"), ("b", "NOCASE")])
        #expect(UniqueKey.isNoStricter(Self.key([("A", "BINARY"), ("b", "BINARY")]), than: nocase))
        #expect(UniqueKey.isNoStricter(Self.key([("b", "NOCASE"), ("a", "BINARY")]), than: nocase))
        #expect(!UniqueKey.isNoStricter(nocase, than: Self.key([("a", "BINARY"), ("b", "BINARY")])))
        #expect(!UniqueKey.isNoStricter(Self.key([("a", "BINARY")]), than: nocase))
        #expect(!UniqueKey.isNoStricter(Self.key([("a", "BINARY"), ("b", "BINARY")], origin: "pk"), than: nocase))
    }
}
