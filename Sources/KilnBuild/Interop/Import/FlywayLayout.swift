import Kiln

/// Flyway: versioned `V<version>__<name>.sql`, undo `U<version>__<name>.sql` and repeatable `R__<name>.sql`
/// migrations (each repeatable one left out with a warning), and Java-based ones (`V3__Backfill.java`, read as
/// code: ``SourceMigration/isCode``). A version is digit groups separated by `.` or `_` (`1.2.3`, `1_10`),
/// ordered numerically group by group; `flyway_schema_history.version` stores it with `.` separators.
enum FlywayLayout: MigrationLayout {
    /// A file name split into its prefix letter, version and name; nil for names not shaped like Flyway's.
    private static func parts(of file: String) -> (prefix: Character, version: String, name: String, ext: String)? {
        guard let prefix = file.first, "VUR".contains(prefix), let separator = file.range(of: "__") else {
            return nil
        }
        let version = String(file[file.index(after: file.startIndex)..<separator.lowerBound])
        let rest = file[separator.upperBound...]
        guard let dot = rest.firstIndex(of: "."), dot != rest.startIndex else { return nil }
        guard prefix == "R" ? version.isEmpty : VersionKey(groups(of: version)) != nil else { return nil }
        return (prefix, version, String(rest[..<dot]), String(rest[rest.index(after: dot)...]))
    }

    /// The digit groups of a version.
    private static func groups(of version: String) -> [Substring] {
        version.split(separator: /[._]/, omittingEmptySubsequences: false)
    }

    static func isCandidate(_ folder: SourceFolder) -> Bool {
        folder.files.contains { parts(of: $0) != nil }
    }

    /// A `V<n>__`, `U<n>__` or `R__` script is Flyway's alone: it decides between candidates.
    static func hasDecidingFile(_ folder: SourceFolder) -> Bool { isCandidate(folder) }

    /// The extensions of Flyway's Java-based migrations (sources and compiled classes).
    static let codeExtensions: Set<String> = ["java", "kt", "class", "scala", "groovy"]

    static func read(_ folder: SourceFolder) throws -> LayoutReading {
        var reading = LayoutReading()
        for file in folder.names {
            guard !folder.folders.contains(file), let (prefix, version, name, ext) = parts(of: file) else {
                try LayoutFiles.other(file, in: folder, tool: .flyway, into: &reading)
                continue
            }
            let location = folder.location(file)
            let isCode = codeExtensions.contains(ext)
            if ext == "sql.conf" {
                reading.notes.append(
                    ImportNote("flyway script configuration; not imported, review it by hand", at: location))
                continue
            }
            guard ext == "sql" || isCode else {
                try LayoutFiles.other(file, in: folder, tool: .flyway, into: &reading)
                continue
            }
            switch prefix {
            case "R": reading.warnings.append(repeatableWarning(at: location))
            case "U": reading.skippedDowns.append(location)
            default:
                guard let order = VersionKey(groups(of: version)) else { continue }
                let tracked = version.replacingOccurrences(of: "_", with: ".")
                guard !isCode else {
                    reading.migrations.append(
                        LayoutFiles.code(file, order: .numbers(order), tracked: tracked, written: version, name: name))
                    continue
                }
                var migration = try LayoutFiles.wholeFile(
                    file, in: folder, order: .numbers(order), tracked: tracked, written: version, name: name)
                migration.expandsInStrings = true
                reading.migrations.append(migration)
            }
        }
        return reading
    }

    /// The warning of an `R__` script: left out, with why and what to do.
    private static func repeatableWarning(at location: SourceLocation) -> ImportWarning {
        ImportWarning(
            message:
                "repeatable migration not imported: Flyway re-runs an R__ script whenever its checksum changes, after "
                + "all versioned ones; kiln has no such migrations",
            hint:
                "fold its latest text into a versioned migration (a view or trigger may go in schema/<database>.sql "
                + "instead, for kiln plan); until kiln's migrations make what it made, adopting a database Flyway "
                + "migrated lists it as a difference",
            location: location)
    }
}
