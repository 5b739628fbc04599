import Testing

@testable import KilnBuild

@Suite("Strict JSON parser")
struct JSONParserTests {
    private func reason(_ text: String) -> JSONSyntaxError.Reason? {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            return nil
        } catch let error as JSONSyntaxError {
            return error.reason
        } catch {
            return nil
        }
    }

    @Test("values keep their offsets; escapes and surrogate pairs are decoded")
    func values() throws {
        let value = try JSONParser.parse(Array(#" {"a": [1, -2.5e3, true, null], "b": "x\"\u00e9\ud83d\ude00"}"#.utf8))
        let members = try #require(value.members)
        #expect(value.offset == 1)
        #expect(members.map(\.key) == ["a", "b"] && members.map(\.keyOffset) == [2, 32])
        #expect(members[1].value.string == "x\"é😀")
        guard case .array(let elements) = members[0].value.kind else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.kind) == [.number("1"), .number("-2.5e3"), .bool(true), .null])
        #expect(elements.map(\.offset) == [8, 11, 19, 25])
    }

    @Test(
        "what strict JSON refuses",
        arguments: [
            "[1,]", #"{"a": 1,}"#, "[1 2]", "01", "1.", "-", "\"\u{01}\"", #""\x""#, #""\ud800""#, "nul", "{} {}",
            "/* c", "{} /", "",
        ])
    func refuses(text: String) {
        #expect(reason(text) != nil, "\(text)")
    }

    @Test("deep nesting is refused instead of exhausting the stack")
    func deepNesting() {
        #expect(reason(String(repeating: "[", count: 10_000)) == .tooDeep)
        #expect(reason(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)) == nil)
    }

    @Test("bytes that are not UTF-8 inside a string are refused")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }
}
