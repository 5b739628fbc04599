import Kiln
import Testing

@Suite("SQLite identifier keys")
struct SQLIdentifierKeyTests {
    static let names = [
        "a", "A", "k", "K", "\u{212A}", "é", "É", "e\u{301}", "ß", "SS", "ss", "i", "I", "İ", "ı", "ſ", "s", "ǅ", "ǆ",
        "Ω", "ω", "item", "ITEM", "Item", "ıtem", "Straße", "STRASSE", "_x1", "_X1", "ｉｔｅｍ",
    ]

    @Test("keys are equal exactly when sqlite3_strnicmp says the names are the same identifier")
    func agreesWithSQLite() {
        for left in Self.names {
            for right in Self.names {
                let sqlite = SQLiteGrammar.identifiersMatch(left, right)
                #expect((left.identifierKey == right.identifierKey) == sqlite, "\(left) vs \(right)")
                #expect(left.isSameIdentifier(as: right) == sqlite)
            }
        }
    }

    @Test("ASCII case is ignored, nothing else is")
    func rules() {
        #expect("ITEM".isSameIdentifier(as: "item"))
        #expect(!"É".isSameIdentifier(as: "é"))
        #expect(!"\u{212A}".isSameIdentifier(as: "k"))
        #expect(!"e\u{301}".isSameIdentifier(as: "é"))
        #expect("ITEM".identifierKey.description == "item")
    }

    @Test("the folding table is SQLite's: A to Z become a to z, every other byte stays")
    func folding() {
        for byte in 0...255 {
            let expected = byte >= 65 && byte <= 90 ? byte + 32 : byte
            #expect(Int(SQLiteGrammar.identifierFolding[byte]) == expected)
        }
    }
}
