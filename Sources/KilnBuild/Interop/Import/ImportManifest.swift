import Foundation

/// `migrations/<db>/imported.json`: which source migration each kiln version came from, so adopting a
/// database the source tool made can map the versions in the tool's tracking table to kiln versions.
///
/// ```json
/// {
///   "format" : 1,
///   "migrations" : [
///     { "file" : "0001_20240102150405_create_users.sql", "sourceFiles" : ["20240102150405_create_users/up.sql"],
///       "sourceName" : "create_users", "sourceVersion" : "20240102150405", "version" : 1 }
///   ],
///   "source" : "old/migrations",
///   "tool" : "diesel",
///   "trackingTable" : "__diesel_schema_migrations"
/// }
/// ```
///
/// `sourceVersion` is the exact text of the version column the tool fills: diesel's timestamp without
/// dashes, sqlx's, golang-migrate's and goose's integer, dbmate's version as written, Flyway's dotted version,
/// drizzle's journal `when` (its `created_at`), Prisma's folder name (its `migration_name`). `sourceChecksums`,
/// for the tools that record a checksum of each file, holds it as the tool computes it, first (sqlx's SHA-384,
/// Flyway's CRC-32, drizzle's and Prisma's SHA-256), then the line-end variants the tool also accepts. `--adopt`
/// compares them, so a database whose released migration was edited since is refused. A manifest written before
/// this shape kept sqlx's and Flyway's checksum as one string, `sourceChecksum`, which is still read.
struct ImportManifest: Codable, Equatable {
    /// One kiln version.
    struct Entry: Codable, Equatable {
        /// The kiln version.
        let version: Int32
        /// The kiln file name.
        let file: String
        /// The version as the source tool's tracking table holds it.
        let sourceVersion: String
        /// The source migration's name.
        let sourceName: String
        /// The source files, relative to the source folder.
        let sourceFiles: [String]
        /// The checksums the tool accepts for the source file, computed as it computes them, its own first
        /// (sqlx's SHA-384 in hexadecimal and Flyway's CRC-32 in decimal, as ``SourceChecksum`` computes
        /// them; drizzle's hash and Prisma's checksum), then the line-end variants the tool also accepts;
        /// absent for the tools that record none, and in manifests written before kiln kept them.
        var sourceChecksums: [String]?
    }

    /// The format's version, 1.
    let format: Int
    /// The source tool, as `--from` names it.
    let tool: ForeignTool
    /// The tool's tracking table.
    let trackingTable: String
    /// The source folder as the user typed it.
    let source: String
    /// The migrations, in kiln's order.
    let migrations: [Entry]

    /// The manifest of a plan.
    init(plan: ImportPlan) {
        format = 1
        tool = plan.tool
        trackingTable = plan.tool.trackingTable
        source = plan.source
        migrations = plan.migrations.map {
            Entry(
                version: $0.version, file: $0.fileName, sourceVersion: $0.sourceVersion, sourceName: $0.sourceName,
                sourceFiles: [$0.sourceFile], sourceChecksums: Self.checksums(of: $0))
        }
    }

    /// The checksums `migration` keeps for its tool: drizzle's and Prisma's sums, or sqlx's or Flyway's one
    /// checksum; nil for a tool that records none.
    private static func checksums(of migration: ImportPlan.Migration) -> [String]? {
        guard migration.sourceChecksums.isEmpty else { return migration.sourceChecksums }
        return migration.sourceChecksum.map { [$0] }
    }

    /// The JSON text, keys sorted, with a final newline.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }
}

extension ImportManifest.Entry {
    /// The key under which a manifest written before ``sourceChecksums`` kept sqlx's or Flyway's one checksum.
    private enum LegacyKeys: String, CodingKey {
        case sourceChecksum
    }

    /// An entry as any release wrote it: `sourceChecksums`, or, in an older manifest, sqlx's or Flyway's
    /// `sourceChecksum` string, read as a list of that one checksum.
    ///
    /// - Throws: `DecodingError` when a field is missing or of another type.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int32.self, forKey: .version)
        file = try container.decode(String.self, forKey: .file)
        sourceVersion = try container.decode(String.self, forKey: .sourceVersion)
        sourceName = try container.decode(String.self, forKey: .sourceName)
        sourceFiles = try container.decode([String].self, forKey: .sourceFiles)
        let legacy = try decoder.container(keyedBy: LegacyKeys.self)
        sourceChecksums =
            try container.decodeIfPresent([String].self, forKey: .sourceChecksums)
            ?? legacy.decodeIfPresent(String.self, forKey: .sourceChecksum).map { [$0] }
    }
}
