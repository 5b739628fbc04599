import Kiln

/// Diesel: one folder per migration, `<version>_<name>/` holding `up.sql` and `down.sql` (and optionally
/// `metadata.toml`). The version is the folder name up to its first `_`, usually a timestamp,
/// `2024-01-02-150405`; diesel stores it in `__diesel_schema_migrations.version` without the dashes,
/// `20240102150405`, and applies the migrations in the order of those strings, compared as text: a folder
/// `2024-03-13_170000_x` has version `20240313`, which sorts after `20240306170000`.
enum DieselLayout: MigrationLayout {
    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.folders.contains { version(of: $0) != nil && FileSystem.exists("\(folder.path)/\($0)/up.sql") }
    }

    /// The written version and the name of a migration folder's name.
    private static func version(of name: String) -> (version: String, name: String)? {
        guard let underscore = name.firstIndex(of: "_") else { return nil }
        let version = name[..<underscore]
        let rest = name[name.index(after: underscore)...]
        guard !rest.isEmpty, version.contains(where: \.isNumber),
            version.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
        else { return nil }
        return (String(version), String(rest))
    }

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = LayoutReading()
        for name in folder.names {
            guard folder.folders.contains(name), let (written, title) = version(of: name) else {
                try LayoutFiles.other(name, in: folder, tool: .diesel, into: &reading)
                continue
            }
            let entries = try folder.list(name)
            guard entries.contains("up.sql") else { throw ImportError(.missingUpFile, at: folder.location(name)) }
            let tracked = written.filter(\.isNumber)
            for entry in entries {
                let relative = "\(name)/\(entry)"
                switch entry {
                case "up.sql":
                    reading.migrations.append(
                        try LayoutFiles.wholeFile(
                            relative, in: folder, order: .text(tracked), tracked: tracked, written: written, name: title
                        ))
                case "down.sql": reading.skippedDowns.append(folder.location(relative))
                case "metadata.toml": try readMetadata(relative, in: folder, into: &reading)
                default: try LayoutFiles.other(relative, in: folder, tool: .diesel, into: &reading)
                }
            }
        }
        return reading
    }

    /// `run_in_transaction = false` in `metadata.toml` is listed: kiln runs every migration in a transaction.
    private static func readMetadata(_ relative: String, in folder: SourceFolder, into reading: inout LayoutReading)
        throws
    {
        let bytes = try folder.read(relative)
        for line in SourceLines(bytes).lines {
            let compact = line.text.filter { $0 != " " && $0 != "\t" }
            if compact.hasPrefix("run_in_transaction=false") {
                let location = folder.location(relative, bytes: bytes, offset: line.start)
                reading.notes.append(ImportNote(LayoutFiles.transactionNote, at: location))
            }
        }
    }

}
