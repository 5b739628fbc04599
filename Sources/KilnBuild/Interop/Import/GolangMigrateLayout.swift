/// golang-migrate: `<version>_<name>.up.sql` and `<version>_<name>.down.sql`. The version is an unsigned
/// 64-bit integer, stored as such in `schema_migrations.version` (beside a `dirty` flag).
enum GolangMigrateLayout: MigrationLayout {
    static func isCandidate(_ folder: SourceFolder) -> Bool { hasPairs(folder) }

    /// Whether the folder holds a `<version>_<name>.up.sql` file.
    static func hasPairs(_ folder: SourceFolder) -> Bool {
        folder.files.contains { PairedFileName($0)?.direction == .up }
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        try PairedFileName.read(folder, tool: .golangMigrate, acceptsSimple: false) { version in
            UInt64(version).map { String($0) }
        }
    }
}
