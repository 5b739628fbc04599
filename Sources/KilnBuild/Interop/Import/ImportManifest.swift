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
/// drizzle's journal `when` (its `created_at`), Prisma's folder name (its `migration_name`). `sourceChecksum`,
/// for sqlx and Flyway, is the checksum the tool stores for the source file; for drizzle and Prisma,
/// `sourceChecksums` holds the SHA-256 sums the tool records (and the line-end variants it accepts). `--adopt`
/// compares them, so a database whose released migration was edited since is refused.
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
        /// The sums the tool records for the source file, computed as it computes them (drizzle's hash,
        /// Prisma's checksum, and the line-end variants the tool also accepts); absent for other tools.
        var sourceChecksums: [String]?
        /// The checksum the tool records for the source file, as ``SourceChecksum`` computes it (sqlx's
        /// SHA-384 in hexadecimal, Flyway's CRC-32 in decimal); absent for the other tools, and in manifests
        /// written before kiln kept it.
        var sourceChecksum: String? = nil
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
                sourceFiles: [$0.sourceFile], sourceChecksums: $0.sourceChecksums.isEmpty ? nil : $0.sourceChecksums,
                sourceChecksum: $0.sourceChecksum)
        }
    }

    /// The JSON text, keys sorted, with a final newline.
    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and integers cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }
}
