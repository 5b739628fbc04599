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
    ///   - acceptedEdits: versions, as the tool names them, whose recorded checksum may differ from their
    ///     imported file's: migrations the team knowingly edited after releasing them.
    /// - Returns: the tool, its table and the version.
    /// - Throws: ``TrackingTableError`` (no table, several, not the tool's, a row without a version, dirty or
    ///   failed), ``AdoptionError`` (no such file, unreadable, no mapping, another tool's mapping, already a kiln
    ///   file, nothing applied, unknown or missing versions, an applied migration whose imported file has
    ///   another checksum or sum than the tool recorded and that was not accepted), or the ``FileSystemError`` of a
    ///   path that is not a regular file.
    package func adoption(
        for database: String, fileAt path: String, shownAs shown: String,
        acceptingEdited acceptedEdits: Set<String> = []
    ) throws -> Adoption {
        guard FileSystem.exists(path) else { throw AdoptionError(.noFile, file: shown) }
        let table: TrackingTable
        do {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let current = try Migrator.version(of: connection)
            guard current == 0 else { throw AdoptionError(.alreadyVersioned(current), file: shown) }
            guard let found = try TrackingTable.read(from: connection, file: shown) else {
                throw TrackingTableError(.none, file: shown)
            }
            table = found
        } catch let error as SQLiteError {
            throw AdoptionError(.cannotRead(error), file: shown)
        }
        let manifest = try importMapping(for: database, tool: table.tool, file: shown)
        let mapping = manifest.migrations.map { (kiln: $0.version, source: $0.sourceVersion) }
        let version = try AdoptionPlan.version(for: table.applied, mapping: mapping, file: shown)
        guard version > 0 else { throw AdoptionError(.nothingApplied(table.tool), file: shown) }
        try Self.requireChecksums(
            of: table, match: manifest, of: database, through: version, accepting: acceptedEdits, file: shown)
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

    /// `imported.json`, which maps each kiln version to its source version.
    private func importMapping(for database: String, tool: ForeignTool, file: String) throws -> ImportManifest {
        guard let manifest = try importManifest(for: database) else {
            throw AdoptionError(.noImportMapping(database: database, tool: tool), file: file)
        }
        guard manifest.tool == tool else {
            throw AdoptionError(.otherTool(mapping: manifest.tool, table: tool), file: file)
        }
        return manifest
    }

    /// Refuses an applied migration (kiln versions 1 to `version`) whose checksum in the tool's table is none
    /// of those `imported.json` kept for its file (``TrackingTable/matches(_:_:tool:)``), unless its version is
    /// among `accepted`. A version the table records no checksum for (a Flyway baseline) is not compared, nor
    /// one whose entry has none in a manifest older than sqlx's and Flyway's checksums; drizzle's and Prisma's
    /// sums were kept from the first, so an entry of theirs without them is an unreadable mapping.
    ///
    /// - Throws: ``AdoptionError`` naming the version, the file and both sums; an accepted version, or a
    ///   version with a recorded checksum, that no imported migration has; or a mapping without the sums.
    private static func requireChecksums(
        of table: TrackingTable, match manifest: ImportManifest, of database: String, through version: Int32,
        accepting accepted: Set<String>, file: String
    ) throws {
        let known = Set(manifest.migrations.map(\.sourceVersion))
        if let unknown = accepted.sorted().first(where: { !known.contains($0) }) {
            throw AdoptionError(.unknownAcceptedVersion(unknown), file: file)
        }
        if let unknown = table.checksums.keys.sorted().first(where: { !known.contains($0) }) {
            throw AdoptionError(.unknownVersion(unknown), file: file)
        }
        for entry in manifest.migrations where entry.version <= version && !accepted.contains(entry.sourceVersion) {
            guard let recorded = table.checksums[entry.sourceVersion] else { continue }
            guard let imported = entry.sourceChecksums, let own = imported.first else {
                guard [.drizzle, .prisma].contains(table.tool) else { continue }
                throw AdoptionError(
                    .mappingUnreadable(
                        description: "version \(entry.version) has no sourceChecksums, which adopting a "
                            + "\(table.tool.rawValue) database compares"),
                    file: "migrations/\(database)/imported.json")
            }
            guard !TrackingTable.matches(recorded, imported, tool: table.tool) else { continue }
            let sourceFile = "\(manifest.source)/\(entry.sourceFiles.first ?? entry.file)"
            throw AdoptionError(
                .editedMigration(
                    EditedMigration(
                        tool: table.tool, version: entry.sourceVersion, sourceFile: sourceFile, recorded: recorded,
                        imported: own)), file: file)
        }
    }
}
