import Foundation
import Kiln

/// What adopting a database another tool migrated found: the tool, its table and the kiln version reached.
package struct Adoption: Sendable, Equatable {
    /// The tool whose table recorded the applied migrations.
    package let tool: ForeignTool
    /// That table, which the schema comparison leaves out.
    package let tableName: String
    /// The kiln version the applied migrations map to: the file is adopted at it, then migrated.
    package let version: Int32
}

extension KilnProject {
    /// The kiln version the database at `path` reached under another tool, from that tool's tracking table and
    /// `migrations/<database>/imported.json` (written by `kiln import`). Nothing is written; the caller
    /// migrates with this version as the baseline and the table left out of the schema comparison.
    ///
    /// - Parameters:
    ///   - database: the database whose migrations were imported.
    ///   - path: the file.
    ///   - shown: the file as shown to the user.
    /// - Returns: the tool, its table and the version.
    /// - Throws: ``TrackingTableError`` (no table, several, not the tool's, a row without a version, dirty or
    ///   failed), ``AdoptionError`` (no such file, unreadable, no mapping, another tool's mapping, already a kiln
    ///   file, nothing applied, unknown or missing versions, a sum drizzle or Prisma recorded that is not the
    ///   imported file's), or the ``FileSystemError`` of a path that is not
    ///   a regular file.
    package func adoption(for database: String, fileAt path: String, shownAs shown: String) throws -> Adoption {
        guard FileSystem.exists(path) else { throw AdoptionError(.noFile, file: shown) }
        let table: TrackingTable
        let recorded: [ChecksumTables.Recorded]
        do {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let current = try Migrator.version(of: connection)
            guard current == 0 else { throw AdoptionError(.alreadyVersioned(current), file: shown) }
            guard let found = try TrackingTable.read(from: connection, file: shown) else {
                throw TrackingTableError(.none, file: shown)
            }
            table = found
            recorded = try ChecksumTables.recorded(by: found.tool, connection)
        } catch let error as SQLiteError {
            throw AdoptionError(.cannotRead(error), file: shown)
        }
        let mapping = try importMapping(for: database, tool: table.tool, file: shown)
        try requireRecordedChecksums(recorded, database: database, tool: table.tool, file: shown)
        let version = try AdoptionPlan.version(for: table.applied, mapping: mapping, file: shown)
        guard version > 0 else { throw AdoptionError(.nothingApplied(table.tool), file: shown) }
        return Adoption(tool: table.tool, tableName: table.tableName, version: version)
    }

    /// The tracking table of the tool `migrations/<database>/imported.json` says the migrations came from, when
    /// the file exists and can be read: a database that tool migrated still holds it, and schema comparisons
    /// (baselines, `status --db` drift) leave it out. An unreadable file is reported by `--adopt`, not here.
    ///
    /// - Returns: the table's name, or nil.
    package func importedTrackingTable(for database: String) -> String? {
        (try? importManifest(for: database))??.trackingTable
    }

    /// `migrations/<database>/imported.json`, read once for whoever needs it.
    ///
    /// - Returns: the manifest, or nil when there is none.
    /// - Throws: ``AdoptionError`` naming the file when it cannot be read or is not a manifest.
    func importManifest(for database: String) throws -> ImportManifest? {
        let relative = "migrations/\(database)/imported.json"
        let path = root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else { return nil }
        let manifest: ImportManifest
        do {
            manifest = try JSONDecoder().decode(ImportManifest.self, from: Data(try FileSystem.contents(of: path)))
        } catch {
            throw AdoptionError(.mappingUnreadable(description: "\(error)"), file: relative)
        }
        // GRDB is a tool kiln adopts from but never imports: no `kiln import` wrote this.
        guard manifest.tool.layout != nil else {
            throw AdoptionError(
                .mappingUnreadable(description: "kiln import never imports from \(manifest.tool.rawValue)"),
                file: relative)
        }
        return manifest
    }

    /// Each kiln version's source version, from `imported.json`.
    private func importMapping(for database: String, tool: ForeignTool, file: String) throws -> [(
        kiln: Int32, source: String
    )] {
        guard let manifest = try importManifest(for: database) else {
            throw AdoptionError(.noImportMapping(database: database, tool: tool), file: file)
        }
        guard manifest.tool == tool else {
            throw AdoptionError(.otherTool(mapping: manifest.tool, table: tool), file: file)
        }
        return manifest.migrations.map { ($0.version, $0.sourceVersion) }
    }
}
