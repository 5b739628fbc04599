import Foundation
import Kiln

extension KilnProject {
    /// A digest of everything a database's build depends on: kiln's and SQLite's versions, the database's
    /// settings, and the names and bytes of its migration and seed files. When it is unchanged and the output
    /// still has its recorded hash, the build can be skipped.
    package func sourceDigest(for database: String) throws -> SHA256Digest {
        var hasher = SHA256Hasher()
        let settings = configuration.settings(for: database)
        hasher.update("kiln \(KilnVersion.current)\nsqlite \(SQLiteConnection.libraryVersion)\n")
        let delimiters = settings.delimiters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: ",")
        hasher.update(
            "output \(settings.outputName(for: database))\napplicationId \(settings.applicationID)\npageSize \(settings.pageSize)\nanalyze \(settings.analyze)\ndelimiters \(delimiters)\n"
        )
        if !settings.textInNumericColumns.isEmpty {
            // Only when set, so the digest of every project without it stays what it was.
            let columns = settings.textInNumericColumns.sorted { $0.key < $1.key }
            hasher.update("textInNumericColumns \(columns.map { "\($0.key)=\($0.value)" }.joined(separator: ","))\n")
        }
        for migration in try migrationSet(for: database).migrations {
            hasher.update("migration \(migration.fileName) \(migration.source.bytes.count)\n")
            hasher.update(migration.source.bytes)
        }
        let seedFolder = seedsDirectory.appendingPathComponent(database).path
        if FileSystem.exists(seedFolder) {
            for seed in try seedFiles(for: database) {
                let bytes = try FileSystem.contents(of: seed.path)
                hasher.update("seed \(seed.tableName) \(bytes.count)\n")
                hasher.update(bytes)
            }
        }
        return hasher.finalize()
    }
}
