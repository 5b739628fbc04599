import Foundation
import Kiln

extension KilnProject {
    /// Every file a database's build reads, relative to the root: `kiln.json` (when present), its migrations
    /// and its seed files.
    package func inputFiles(for database: String) throws -> [String] {
        var files: [String] = []
        if FileSystem.exists(root.appendingPathComponent("kiln.json").path) {
            files.append("kiln.json")
        }
        files += try migrationSet(for: database).migrations.map(\.path)
        if FileSystem.exists(seedsDirectory.appendingPathComponent(database).path) {
            files += try seedFiles(for: database).map(\.displayPath)
        }
        return files
    }
}
