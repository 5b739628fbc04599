/// sqlx: `<version>_<name>.sql`, or reversible `<version>_<name>.up.sql` and `.down.sql`. The version is a
/// 64-bit signed integer, stored as such in `_sqlx_migrations.version`. A first line `-- no-transaction`
/// makes sqlx run the file outside a transaction.
enum SQLxLayout: MigrationLayout {
    /// Only simple files are sqlx's own sign: up and down pairs are golang-migrate's too.
    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.files.contains { name in
            guard let parsed = PairedFileName(name), parsed.direction == .simple else { return false }
            return !SectionMarkers.hasMarkers(in: folder, file: name)
        } || GolangMigrateLayout.hasPairs(folder)
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = try PairedFileName.read(folder, tool: .sqlx, acceptsSimple: true) { version in
            Int64(version).map { String($0) }
        }
        for migration in reading.migrations {
            let lines = SourceLines(Array(migration.bytes[migration.imported]))
            if let first = lines.lines.first, SourceLines.commentText(first) == "no-transaction" {
                reading.notes.append(ImportNote(LayoutFiles.transactionNote, at: folder.location(migration.file)))
            }
        }
        return reading
    }
}
