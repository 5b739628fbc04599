import Kiln

/// Reads another tool's migration folder and plans its import: detects the tool (or takes the one named),
/// orders the migrations as the tool does, renumbers them 1…n, refuses what cannot be imported and removes
/// the statements kiln owns.
package enum ImportPlanner {
    /// Plans the import of the folder at `path` into database `database`.
    ///
    /// - Parameters:
    ///   - database: the kiln database the migrations are for.
    ///   - path: the source folder, to open.
    ///   - shown: the source folder as the user typed it, the prefix of every location.
    ///   - tool: the tool named with `--from`, or nil to detect it.
    ///   - codeMigrations: whether migrations written as code are refused (all of them in one error) or
    ///     written as placeholders.
    /// - Returns: the plan; nothing is written.
    /// - Throws: ``ImportError`` for a folder that cannot be imported as it is, or a tool whose migrations are
    ///   code (GRDB); ``SQLiteError``
    ///   (`SQLITE_INTERRUPT`) once Ctrl-C was pressed (the command line's `SQLiteInterrupt.request()`).
    package static func plan(
        database: String, source path: String, shownAs shown: String, tool: ForeignTool?,
        codeMigrations: CodeMigrationPolicy = .refuse
    ) throws -> ImportPlan {
        let folder = try SourceFolder(path: path, shown: shown)
        let tool = try tool ?? detect(folder)
        guard let layout = tool.layout else { throw ImportError(.migrationsAreCode(tool)) }
        let reading = try layout.read(folder)
        let ordered = try order(reading.migrations, in: folder)
        guard !ordered.isEmpty else { throw ImportError(.noMigrations(folder.shown, tool)) }
        let code = ordered.filter(\.isCode).map { folder.location($0.file) }
        if codeMigrations == .refuse, let first = code.first {
            throw ImportError(.codeMigrations(tool, code), at: first)
        }
        var migrations: [ImportPlan.Migration] = []
        var removals: [OwnedStatementRemoval] = []
        for (index, source) in ordered.enumerated() {
            try SQLiteInterrupt.check()
            let version = Int32(index + 1)
            guard !source.isCode else {
                migrations.append(placeholder(version: version, for: source, tool: tool))
                continue
            }
            let (bytes, removed) = try importedBytes(of: source, in: folder)
            removals += removed
            migrations.append(
                ImportPlan.Migration(
                    version: version, fileName: fileName(version: version, source: source), bytes: bytes,
                    sourceVersion: source.trackedVersion, sourceName: source.name, sourceFile: source.file,
                    isSection: source.imported.count != source.bytes.count,
                    sourceChecksum: SourceChecksum.of(source.bytes, tool: tool), sourceChecksums: source.checksums))
        }
        return ImportPlan(
            tool: tool, database: database, source: folder.shown, migrations: migrations, removals: removals,
            skippedDowns: reading.skippedDowns,
            notes: reading.notes + OrderReview.notes(ordered, tool: tool, in: folder), warnings: reading.warnings)
    }

    /// The bytes kiln keeps of an SQL migration, without the statements kiln owns, and those statements.
    ///
    /// - Returns: the bytes and the removals.
    /// - Throws: ``ImportError`` for what kiln would refuse to run (a NUL byte, bytes that are not UTF-8, a
    ///   templating placeholder), at its place, as `kiln migrate` would; ``SQLiteError`` after Ctrl-C.
    private static func importedBytes(of source: SourceMigration, in folder: SourceFolder) throws -> (
        [UInt8], [OwnedStatementRemoval]
    ) {
        if let (offset, problem) = UTF8Validation.firstProblem(in: source.bytes) {
            throw ImportError(
                problem == .nulByte ? .nulByte : .invalidUTF8,
                at: folder.location(source.file, bytes: source.bytes, offset: offset))
        }
        if let (offset, text) = try Placeholders.first(
            in: source.bytes, range: source.imported, inStrings: source.expandsInStrings)
        {
            throw ImportError(.placeholder(text), at: folder.location(source.file, bytes: source.bytes, offset: offset))
        }
        let text = SourceText(path: folder.shownPath(source.file), bytes: source.bytes)
        return try OwnedStatements.remove(from: source.bytes[source.imported], source: text)
    }

    /// The kiln migration standing for the code migration `source`: a placeholder to port, mapped to the
    /// tool's version like any other (the tool records it when it runs the code), with no checksum of the
    /// tool's to compare (Flyway records none for Java migrations).
    private static func placeholder(version: Int32, for source: SourceMigration, tool: ForeignTool)
        -> ImportPlan.Migration
    {
        var migration = ImportPlan.Migration(
            version: version, fileName: fileName(version: version, source: source),
            bytes: Array(CodeMigrationPlaceholder.text(for: source, tool: tool).utf8),
            sourceVersion: source.trackedVersion, sourceName: source.name, sourceFile: source.file, isSection: false,
            sourceChecksum: nil)
        migration.isCodePlaceholder = true
        return migration
    }

    /// The one tool whose shape the folder has; when several fit, the one candidate holding a file only it
    /// writes (``MigrationLayout/hasDecidingFile(_:)``). Never a guess: otherwise every candidate is named.
    ///
    /// - Returns: the tool.
    /// - Throws: ``ImportError`` when none or several fit.
    static func detect(_ folder: SourceFolder) throws -> ForeignTool {
        var candidates = ForeignTool.importable.filter { $0.layout?.isCandidate(folder) == true }
        let decided = candidates.filter { $0.layout?.hasDecidingFile(folder) == true }
        if candidates.count > 1, decided.count == 1 { candidates = decided }
        guard candidates.count == 1, let tool = candidates.first else {
            throw ImportError(
                candidates.isEmpty ? .unknownLayout(folder.shown) : .ambiguousLayout(folder.shown, candidates))
        }
        return tool
    }

    /// The migrations in the tool's order.
    ///
    /// - Returns: the ordered migrations.
    /// - Throws: ``ImportError`` for two migrations of the same version: equal as the tool compares them
    ///   (Flyway's `1.1` and `1.01`), or recorded alike in its table (dbmate's `001_a` and `001_b`).
    private static func order(_ migrations: [SourceMigration], in folder: SourceFolder) throws -> [SourceMigration] {
        let sorted = migrations.sorted { ($0.order, $0.file) < ($1.order, $1.file) }
        var fileOfVersion: [String: String] = [:]
        for (index, next) in sorted.enumerated() {
            let equalKey = index > 0 && sorted[index - 1].order == next.order ? sorted[index - 1].file : nil
            if let other = equalKey ?? fileOfVersion[next.trackedVersion] {
                throw ImportError(
                    .duplicateVersion(next.writtenVersion, otherFile: folder.shownPath(other)),
                    at: folder.location(next.file))
            }
            fileOfVersion[next.trackedVersion] = next.file
        }
        return sorted
    }

    /// `NNNN_<version>_<name>.sql`: the kiln version padded to four digits, then the source version and name
    /// with every character kiln's names do not allow replaced (`.` in a version by `-`, others by `_`).
    static func fileName(version: Int32, source: SourceMigration) -> String {
        let padded = String(repeating: "0", count: max(0, 4 - String(version).count)) + String(version)
        func clean(_ text: String, replacement: Character) -> String {
            String(
                text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : replacement })
        }
        return "\(padded)_\(clean(source.writtenVersion, replacement: "-"))_\(clean(source.name, replacement: "_")).sql"
    }
}
