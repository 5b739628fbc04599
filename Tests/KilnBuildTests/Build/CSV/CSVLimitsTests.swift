import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("CSV reader limits and columns")
struct CSVLimitsTests {
    /// The first error reading `bytes` gives with every buffer size (they must agree), or nil.
    static func error(_ bytes: [UInt8], maxFieldBytes: Int = 1_000_000_000) -> String? {
        var messages = Set<String>()
        for size in CSVReaderTests.bufferSizes {
            do {
                let folder = try TemporaryDirectory()
                let path = try folder.write("t.csv", bytes: bytes)
                var reader = try CSVReader(
                    path: path, displayPath: "seeds/db/t.csv", bufferSize: size, maxFieldBytes: maxFieldBytes)
                while try reader.next() {}
                return nil
            } catch {
                messages.insert(formattedDiagnostics(error).first ?? "\(error)")
            }
        }
        return messages.count == 1 ? messages.first : "buffer sizes disagree: \(messages.sorted())"
    }

    @Test("an invalid byte after doubled quotes is reported at its own column")
    func columnAfterDoubledQuotes() {
        // `1,"a""b` then 0xFF: the bad byte is the 8th byte of line 2.
        #expect(
            Self.error(Array("id,name\n1,\"a\"\"b".utf8) + [0xFF] + Array("\"\n".utf8))
                == "seeds/db/t.csv:2:8: error: invalid UTF-8")
        // Three pairs: `1,"""""""` then 0xFF is the 10th byte.
        #expect(
            Self.error(Array("id,name\n1,\"\"\"\"\"\"\"".utf8) + [0xFF] + Array("\"\n".utf8))
                == "seeds/db/t.csv:2:10: error: invalid UTF-8")
        // A pair on the line before a line break inside the field does not move a byte after the break.
        #expect(
            Self.error(Array("id,name\n1,\"a\"\"\nxy".utf8) + [0xFF] + Array("\"\n".utf8))
                == "seeds/db/t.csv:3:3: error: invalid UTF-8")
        // A pair after the break does.
        #expect(
            Self.error(Array("id,name\n1,\"a\n\"\"x".utf8) + [0xFF] + Array("\"\n".utf8))
                == "seeds/db/t.csv:3:4: error: invalid UTF-8")
    }

    @Test("a field longer than the length limit is an error at the field")
    func fieldTooLong() {
        #expect(Self.error(Array("id,name\n1,abcd\n".utf8), maxFieldBytes: 4) == nil)
        #expect(
            Self.error(Array("id,name\n1,abcde\n".utf8), maxFieldBytes: 4)
                == "seeds/db/t.csv:2:3: error: this field is longer than SQLite allows (4 bytes)")
        #expect(
            Self.error(Array("id,name\n1,\"ab\"\"cd\"\n".utf8), maxFieldBytes: 4)
                == "seeds/db/t.csv:2:3: error: this field is longer than SQLite allows (4 bytes)")
        #expect(
            Self.error(Array("id,name\n1,\"ab\"\"c\"\n".utf8), maxFieldBytes: 4) == nil)
        #expect(
            Self.error(Array("id,name\n1,x\n2,\"long\nvalue\"\n".utf8), maxFieldBytes: 4)
                == "seeds/db/t.csv:3:3: error: this field is longer than SQLite allows (4 bytes)")
    }

    @Test("a record of a million extra fields is counted without keeping them")
    func manyExtraFields() {
        let record = [UInt8](repeating: UInt8(ascii: ","), count: 999_999)
        #expect(
            Self.error(Array("id,name\n".utf8) + record + [0x0A])
                == "seeds/db/t.csv:2:1: error: this record has 1000000 fields, but the header has 2")
    }

    @Test("a header with more fields than a table can have columns is an error at the first one too many")
    func tooManyHeaderFields() {
        let header = Array(repeating: "c", count: 40_000).joined(separator: ",")
        #expect(
            Self.error(Array((header + "\n").utf8))
                == "seeds/db/t.csv:1:65535: error: the header has more than 32767 fields, more than a table can have columns"
        )
    }
}
