/// A migration file's checksum computed exactly as its tool computes the one it records in its tracking table,
/// in the text kiln keeps in `imported.json` and compares with the table's: sqlx's SHA-384 of the file's bytes
/// as they are (no line ending or byte order mark is normalized), in lowercase hexadecimal; Flyway's CRC-32
/// of the file read line by line, as a signed 32-bit decimal (the `INT` column's value).
enum SourceChecksum {
    /// The checksum `tool` records for a migration file of `bytes`; nil for a tool that records none.
    ///
    /// - Returns: the checksum's text.
    static func of(_ bytes: [UInt8], tool: ForeignTool) -> String? {
        switch tool {
        case .sqlx: hex(SHA384.hash(bytes))
        case .flyway: String(flyway(bytes))
        default: nil
        }
    }

    /// How `tool` computes its checksum, as a refusal explains it; nil for a tool that records none.
    static func rule(of tool: ForeignTool) -> String? {
        switch tool {
        case .sqlx: "sqlx stores the SHA-384 of each file's bytes and refuses to run when a file no longer has it"
        case .flyway:
            "Flyway stores a CRC-32 of each file's lines (line endings and a leading byte order mark left out) and "
                + "its validate refuses a file that no longer has it"
        case .drizzle:
            "drizzle records the SHA-256 of each file (CRLF read as LF) but never checks it, so the edit went "
                + "unnoticed"
        case .prisma:
            "Prisma records the SHA-256 of each migration.sql and its migrate deploy refuses a file that no longer "
                + "has it"
        default: nil
        }
    }

    /// Flyway's CRC-32: the file is read line by line (Java's `readLine`: a line ends at `\n`, `\r` or `\r\n`,
    /// which is left out), a byte order mark is removed from the first line, and each line's UTF-8 is fed to
    /// one CRC-32, so that only line endings (and empty lines) never change it.
    static func flyway(_ bytes: [UInt8]) -> Int32 {
        var crc = CRC32()
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = bytes.starts(with: bom) ? bytes.dropFirst(bom.count) : bytes[...]
        crc.update(body.lazy.filter { $0 != 0x0A && $0 != 0x0D })
        return Int32(bitPattern: crc.value)
    }

    /// Lowercase hexadecimal of `bytes`, as SQLite's `lower(hex(x))` writes a blob.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
