/// dbmate: `<version>_<name>.sql` with `-- migrate:up` and `-- migrate:down` sections; `transaction:false`
/// after a marker runs the file outside a transaction. The version (usually a timestamp) is stored as written
/// in `schema_migrations.version`, leading zeros kept; dbmate applies the files in the order of their names,
/// compared as text (`10_b.sql` before `9_a.sql`).
enum DbmateLayout: MigrationLayout {
    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.files.contains { name in
            guard name.hasSuffix(".sql") else { return false }
            guard let bytes = try? folder.read(name) else { return false }
            return SourceLines(bytes).lines.contains { SectionMarkers.isUp(SectionMarkers.dbmate($0)) }
        }
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = LayoutReading()
        for file in folder.names {
            guard !folder.folders.contains(file), file.hasSuffix(".sql"),
                let (written, name) = LayoutFiles.versionAndName(file.dropLast(4))
            else {
                try LayoutFiles.other(file, in: folder, tool: .dbmate, into: &reading)
                continue
            }
            let migration = try SectionMarkers.read(
                file, in: folder, version: (.text(file), written, written), name: name, command: SectionMarkers.dbmate,
                upMarker: "-- migrate:up", into: &reading
            ) { command in
                SectionMarkers.isUp(command) && command.contains("transaction:false")
                    ? LayoutFiles.transactionNote : nil
            }
            reading.migrations.append(migration)
        }
        return reading
    }
}
