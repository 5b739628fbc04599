import Foundation
import Testing

@testable import KilnBuild

/// `imported.json` keeps each file's recorded checksums in one field, `sourceChecksums`, for every tool; a
/// manifest the previous release wrote (sqlx's and Flyway's one `sourceChecksum` string) is still read.
@Suite("imported.json's checksums: one field, the old one still read")
struct ImportManifestChecksumTests {
    /// A manifest as the previous release wrote it for sqlx: `sourceChecksum`, one string; the second entry
    /// from before kiln kept checksums at all.
    static let previousSQLx = """
        {
          "format" : 1,
          "migrations" : [
            {
              "file" : "0001_20240102150405_create_users.sql",
              "sourceChecksum" : "00bef0fdf650e97526d880bba1380fbced869f88a173bc32a1c9fbdacb7bf01d5622b4bd5737a9799b5c386cfed7b718",
              "sourceFiles" : [
                "20240102150405_create_users.sql"
              ],
              "sourceName" : "create_users",
              "sourceVersion" : "20240102150405",
              "version" : 1
            },
            {
              "file" : "0002_20240105093000_create_notes.sql",
              "sourceFiles" : [
                "20240105093000_create_notes.sql"
              ],
              "sourceName" : "create_notes",
              "sourceVersion" : "20240105093000",
              "version" : 2
            }
          ],
          "source" : "old/migrations",
          "tool" : "sqlx",
          "trackingTable" : "_sqlx_migrations"
        }

        """

    /// A manifest as the previous release wrote it for Prisma: `sourceChecksums`, its own sum then a variant.
    static let previousPrisma = """
        {
          "format" : 1,
          "migrations" : [
            {
              "file" : "0001_0_init.sql",
              "sourceChecksums" : [
                "eb19a4a1bc95455a68d1a082935758ad9f8a93b3f2e5681c890a6fb74d3e6de7",
                "1f00000000000000000000000000000000000000000000000000000000000000"
              ],
              "sourceFiles" : [
                "0_init/migration.sql"
              ],
              "sourceName" : "init",
              "sourceVersion" : "0_init",
              "version" : 1
            }
          ],
          "source" : "prisma/migrations",
          "tool" : "prisma",
          "trackingTable" : "_prisma_migrations"
        }

        """

    static func decode(_ text: String) throws -> ImportManifest {
        try JSONDecoder().decode(ImportManifest.self, from: Data(text.utf8))
    }

    @Test("sqlx's old sourceChecksum string reads as a list of that one checksum; none stays none")
    func previousSQLxManifest() throws {
        let manifest = try Self.decode(Self.previousSQLx)
        #expect(
            manifest.migrations.map(\.sourceChecksums) == [
                [
                    "00bef0fdf650e97526d880bba1380fbced869f88a173bc32a1c9fbdacb7bf01d5622b4bd5737a9799b5c386cfed7b718"
                ],
                nil,
            ])
        #expect(manifest.migrations.map(\.sourceVersion) == ["20240102150405", "20240105093000"])
        #expect(manifest.tool == .sqlx)
    }

    @Test("Prisma's sourceChecksums list reads as it was written, its own sum first")
    func previousPrismaManifest() throws {
        let manifest = try Self.decode(Self.previousPrisma)
        #expect(
            manifest.migrations.first?.sourceChecksums == [
                "eb19a4a1bc95455a68d1a082935758ad9f8a93b3f2e5681c890a6fb74d3e6de7",
                "1f00000000000000000000000000000000000000000000000000000000000000",
            ])
    }

    @Test("written again, an old sqlx manifest has sourceChecksums only, and reads back the same")
    func rewrittenInOneShape() throws {
        let manifest = try Self.decode(Self.previousSQLx)
        let text = String(decoding: manifest.bytes, as: UTF8.self)
        #expect(!text.contains("\"sourceChecksum\""), "\(text)")
        #expect(text.contains("\"sourceChecksums\" : [\n        \"00bef0fd"), "\(text)")
        #expect(try Self.decode(text) == manifest)
        #expect(
            try Self.decode(String(decoding: try Self.decode(Self.previousPrisma).bytes, as: UTF8.self))
                == Self.decode(Self.previousPrisma))
    }

    @Test("an old checksum of another type is an error, not a silent nothing")
    func wrongType() {
        let broken = Self.previousSQLx.replacingOccurrences(
            of: "\"sourceChecksum\" : \"00bef0fd", with: "\"sourceChecksum\" : [\"00bef0fd"
        ).replacingOccurrences(of: "b718\",", with: "b718\"],")
        #expect(throws: DecodingError.self) { try Self.decode(broken) }
    }
}
