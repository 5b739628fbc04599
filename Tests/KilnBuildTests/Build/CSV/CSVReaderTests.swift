import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("CSV reader")
struct CSVReaderTests {
    /// Buffer sizes from tiny (every record straddles refills) to the default.
    static let bufferSizes = [16, 17, 1 << 18]

    /// Reads every record of `bytes`; a NULL field reads as nil.
    static func records(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), bufferSize: Int = 1 << 18) throws
        -> [[String?]]
    {
        let folder = try TemporaryDirectory()
        let path = try folder.write("t.csv", bytes: bytes)
        var reader = try CSVReader(
            path: path, displayPath: "seeds/db/t.csv", delimiter: delimiter, bufferSize: bufferSize)
        var result: [[String?]] = []
        while try reader.next() {
            result.append(reader.fields.map { $0.isNull ? nil : reader.string(of: $0) })
        }
        return result
    }

    static func records(_ text: String, bufferSize: Int = 1 << 18) throws -> [[String?]] {
        try records(Array(text.utf8), bufferSize: bufferSize)
    }

    /// The first line of the error reading `bytes` gives, for every buffer size (they must agree).
    static func error(_ bytes: [UInt8]) -> String? {
        var messages = Set<String>()
        for size in bufferSizes {
            do {
                _ = try records(bytes, bufferSize: size)
                return nil
            } catch {
                messages.insert(formattedDiagnostics(error).first ?? "\(error)")
            }
        }
        return messages.count == 1 ? messages.first : "buffer sizes disagree: \(messages.sorted())"
    }

    static func error(_ text: String) -> String? { error(Array(text.utf8)) }

    @Test("quoted fields hold delimiters, doubled quotes, LF, CRLF and lone CRs", arguments: bufferSizes)
    func quoting(bufferSize: Int) throws {
        let text = "a,b,c\r\n\"x,y\",\"say \"\"hi\"\"\",\"line1\nline2\r\nline3\rstill3\"\nplain,\"\",\n"
        #expect(
            try Self.records(text, bufferSize: bufferSize) == [
                ["a", "b", "c"],
                ["x,y", "say \"hi\"", "line1\nline2\r\nline3\rstill3"],
                ["plain", "", nil],
            ])
    }

    @Test("an empty unquoted field is NULL, an empty quoted field is the empty string")
    func nullVersusEmpty() throws {
        #expect(try Self.records("a,b,c\n,\"\",\n") == [["a", "b", "c"], [nil, "", nil]])
    }

    @Test("the last record may lack its line ending")
    func noFinalNewline() throws {
        #expect(try Self.records("a,b\n1,2") == [["a", "b"], ["1", "2"]])
        #expect(try Self.records("a,b\n1,\"2\"") == [["a", "b"], ["1", "2"]])
        #expect(try Self.records("a,b\n1,") == [["a", "b"], ["1", nil]])
    }

    @Test("exactly one leading byte order mark is skipped; a second is data")
    func byteOrderMark() throws {
        #expect(try Self.records([0xEF, 0xBB, 0xBF] + Array("id\n1\n".utf8)) == [["id"], ["1"]])
        #expect(
            try Self.records([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("id\n1\n".utf8)) == [["\u{FEFF}id"], ["1"]])
    }

    @Test("a different delimiter, for tables configured with one")
    func delimiters() throws {
        #expect(
            try Self.records(Array("a;b\n\"x;y\";2\n".utf8), delimiter: UInt8(ascii: ";")) == [
                ["a", "b"], ["x;y", "2"],
            ])
        #expect(try Self.records(Array("a\tb\n1,5\t2\n".utf8), delimiter: 0x09) == [["a", "b"], ["1,5", "2"]])
    }

    @Test("invalid UTF-8 is an error at its line and column")
    func invalidUTF8() {
        #expect(
            Self.error([UInt8]("id,name\n1,ab".utf8) + [0xC3, 0x28] + [UInt8]("\n".utf8))
                == "seeds/db/t.csv:2:5: error: invalid UTF-8")
        #expect(
            Self.error([UInt8]("id,name\n1,\"x\ny".utf8) + [0xFF] + [UInt8]("\"\n".utf8))
                == "seeds/db/t.csv:3:2: error: invalid UTF-8")
    }

    @Test("a NUL byte is an error")
    func nul() {
        #expect(
            Self.error([UInt8]("id,name\n1,a".utf8) + [0] + [UInt8]("b\n".utf8))
                == "seeds/db/t.csv:2:4: error: a NUL byte")
    }

    @Test("a quote inside an unquoted field is an error")
    func strayQuote() {
        #expect(Self.error("id,name\n1,5\" tall\n") == "seeds/db/t.csv:2:4: error: a quote inside an unquoted field")
    }

    @Test("text after a closing quote is an error")
    func textAfterQuote() {
        #expect(
            Self.error("id,name\n1,\"a\"b\n") == "seeds/db/t.csv:2:6: error: text after the closing quote of a field")
    }

    @Test("an unterminated quote is reported at the line where it opened")
    func unterminatedQuote() {
        #expect(
            Self.error("id,name\n1,ok\n2,\"never closed\n3,x\n4,y\n")
                == "seeds/db/t.csv:3:3: error: a quoted field is never closed")
    }

    @Test("a record with a different field count than the header is an error")
    func fieldCount() {
        #expect(
            Self.error("id,name\n1,a\n2,b,extra\n")
                == "seeds/db/t.csv:3:1: error: this record has 3 fields, but the header has 2")
        #expect(
            Self.error("id,name\n1\n") == "seeds/db/t.csv:2:1: error: this record has 1 field, but the header has 2")
    }

    @Test("a blank line is an error, including an extra one at the end")
    func blankLines() {
        #expect(Self.error("id,name\n\n1,a\n") == "seeds/db/t.csv:2:1: error: a blank line")
        #expect(Self.error("id,name\n1,a\n\n") == "seeds/db/t.csv:3:1: error: a blank line")
        #expect(Self.error("id,name\r\n1,a\r\n\r\n") == "seeds/db/t.csv:3:1: error: a blank line")
    }

    @Test("a carriage return outside quotes must be followed by a line feed")
    func loneCarriageReturn() {
        #expect(
            Self.error("id,name\n1,a\rb\n")
                == "seeds/db/t.csv:2:4: error: a carriage return that is not followed by a line feed")
    }

    @Test("an empty file has no records")
    func emptyFile() throws {
        #expect(try Self.records("").isEmpty)
    }

    @Test("round trip: random rows with commas, quotes, CR, LF, CRLF, empty fields and non-BMP text read back equal")
    func roundTrip() throws {
        var generator = SeededGenerator(seed: 0x6B69_6C6E)
        let alphabet: [String] = [
            "a", "Z", "7", ",", "\"", "\r", "\n", "\r\n", " ", "é", "日本", "😀", "𝄞", "'", ";", "\t",
        ]
        for _ in 0..<40 {
            let width = Int.random(in: 1...6, using: &generator)
            var rows: [[String?]] = []
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                rows.append(
                    (0..<width).map { _ -> String? in
                        switch Int.random(in: 0..<8, using: &generator) {
                        case 0: return nil
                        case 1: return ""
                        default:
                            return (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                                alphabet.randomElement(using: &generator)!
                            }.joined()
                        }
                    })
            }
            var text = ""
            for row in rows {
                text += row.map { field -> String in
                    guard let field else { return "" }
                    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                }.joined(separator: ",")
                text += Bool.random(using: &generator) ? "\r\n" : "\n"
            }
            if Bool.random(using: &generator) { text.removeLast() }  // the last line ending is optional
            // A row whose only field is NULL would be a blank line, which the format forbids.
            if width == 1 && rows.contains(where: { $0 == [nil] }) { continue }
            for size in Self.bufferSizes {
                #expect(try Self.records(text, bufferSize: size) == rows)
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
