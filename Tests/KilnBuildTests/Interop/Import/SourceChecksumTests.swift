import Testing

@testable import KilnBuild

/// The checksums sqlx and Flyway record, computed as they compute them.
@Suite("Source tools' checksums")
struct SourceChecksumTests {
    @Test("SHA-384 and CRC-32 give the published check values")
    func checkValues() {
        // FIPS 180-4's example "abc"; CRC-32/ISO-HDLC's check value of "123456789".
        #expect(
            SourceChecksum.hex(SHA384.hash(Array("abc".utf8)))
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7")
        var crc = CRC32()
        crc.update(Array("1234".utf8))
        crc.update(Array("56789".utf8))
        #expect(crc.value == 0xCBF4_3926)
        #expect(CRC32().value == 0)
    }

    @Test("Flyway's CRC-32 reads lines: line endings, empty lines and a leading byte order mark do not count")
    func flywayLines() {
        let plain = SourceChecksum.flyway(Array("CREATE TABLE t (id);\nSELECT 1;\n".utf8))
        #expect(SourceChecksum.flyway(Array("CREATE TABLE t (id);\r\nSELECT 1;".utf8)) == plain)
        #expect(SourceChecksum.flyway(Array("\u{FEFF}CREATE TABLE t (id);\r\rSELECT 1;\n\n".utf8)) == plain)
        #expect(SourceChecksum.flyway(Array("CREATE TABLE t (id);\nSELECT 2;\n".utf8)) != plain)
        // The CRC of the lines' bytes joined, as a signed 32-bit integer: "123456789" on two lines.
        #expect(SourceChecksum.flyway(Array("1234\n56789\n".utf8)) == Int32(bitPattern: 0xCBF4_3926))
        #expect(SourceChecksum.of(Array("1234\n56789\n".utf8), tool: .flyway) == "-873187034")
        #expect(SourceChecksum.of([], tool: .diesel) == nil)
    }

    @Test("sqlx hashes the bytes as they are: a line ending or byte order mark changes the sum")
    func sqlxBytes() {
        let plain = SourceChecksum.of(Array("SELECT 1;\n".utf8), tool: .sqlx)
        #expect(plain?.count == 96)
        #expect(SourceChecksum.of(Array("SELECT 1;\r\n".utf8), tool: .sqlx) != plain)
        #expect(SourceChecksum.of(Array("\u{FEFF}SELECT 1;\n".utf8), tool: .sqlx) != plain)
    }
}
