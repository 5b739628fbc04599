/// goose: `<version>_<name>.sql` with `-- +goose Up` and `-- +goose Down` sections (`StatementBegin` and
/// `StatementEnd` around statements holding `;`, `NO TRANSACTION`, `ENVSUB ON`), or `<version>_<name>.go`
/// code migrations (read as code: ``SourceMigration/isCode``). The version is a 64-bit integer, stored in
/// `goose_db_version.version_id`. As goose, a `_test.go` file is no migration.
enum GooseLayout: MigrationLayout {
    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.files.contains { name in
            guard name.hasSuffix(".sql") else { return false }
            guard let bytes = try? folder.read(name) else { return false }
            return SourceLines(bytes).lines.contains { SectionMarkers.isUp(SectionMarkers.goose($0)) }
        }
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = LayoutReading()
        for file in folder.names {
            let isGo = file.hasSuffix(".go") && !file.hasSuffix("_test.go")
            let stem = file.hasSuffix(".sql") ? file.dropLast(4) : isGo ? file.dropLast(3) : nil
            guard !folder.folders.contains(file), let stem, let (written, name) = LayoutFiles.versionAndName(stem)
            else {
                try LayoutFiles.other(file, in: folder, tool: .goose, into: &reading)
                continue
            }
            guard let value = Int64(written), let order = VersionKey([Substring(written)]) else {
                throw ImportError(.versionOutOfRange(written, .goose), at: folder.location(file))
            }
            guard !isGo else {
                reading.migrations.append(
                    LayoutFiles.code(file, order: .numbers(order), tracked: String(value), written: written, name: name)
                )
                continue
            }
            var migration = try SectionMarkers.read(
                file, in: folder, version: (.numbers(order), String(value), written), name: name,
                command: SectionMarkers.goose, upMarker: "-- +goose Up", into: &reading
            ) { command in
                command == "no transaction" ? LayoutFiles.transactionNote : nil
            }
            migration.expandsInStrings = SourceLines(migration.bytes).lines.contains {
                SectionMarkers.goose($0) == "envsub on"
            }
            reading.migrations.append(migration)
        }
        return reading
    }
}
