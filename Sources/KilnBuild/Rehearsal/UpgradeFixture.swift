import Kiln

/// A developer's data for one version: `fixtures/<database>/<version>.sql`, run against a database at that
/// version before it is migrated to the newest (an empty, comment-only fixture means "no rows at this
/// version"). The version is written as in its migration's file name (`0006.sql`) or plain (`6.sql`).
struct UpgradeFixture {
    /// The version whose schema the fixture's SQL expects.
    let version: Int32
    /// The file's path relative to the project root, e.g. `fixtures/shop/0006.sql`.
    let relativePath: String
    /// The file's full path.
    let path: String

    /// The fixtures of a database, by version, and a finding for every other file in its folder (hidden files,
    /// whose names start with a dot, are left alone).
    ///
    /// - Throws: ``FileSystemError`` when the folder cannot be listed.
    /// - Returns: the fixtures in version order and the misnamed files.
    static func all(in project: KilnProject, migrations: MigrationSet) throws -> (
        fixtures: [UpgradeFixture], findings: [CheckFinding]
    ) {
        let database = migrations.database
        let folder = project.root.appendingPathComponent("fixtures/\(database)").path
        guard FileSystem.isDirectory(folder) else { return ([], []) }
        var byVersion: [Int32: UpgradeFixture] = [:]
        var findings: [CheckFinding] = []
        for name in try FileSystem.contentsOfDirectory(folder).sorted() where !name.hasPrefix(".") {
            let relative = "fixtures/\(database)/\(name)"
            let location = SourceLocation(path: relative, line: 1, column: 1)
            switch Self.version(named: name, in: migrations) {
            case .failure(let problem):
                findings.append(
                    CheckFinding(.fixtureMisnamed(database: database, file: relative, problem: problem), at: location))
            case .success(let version):
                if let other = byVersion[version] {
                    let problem = FixtureNameProblem.duplicate(version: version, other: other.relativePath)
                    findings.append(
                        CheckFinding(
                            .fixtureMisnamed(database: database, file: relative, problem: problem), at: location))
                } else {
                    byVersion[version] = UpgradeFixture(
                        version: version, relativePath: relative, path: "\(folder)/\(name)")
                }
            }
        }
        return (byVersion.values.sorted { $0.version < $1.version }, findings)
    }

    /// The version a fixture's file name names, or why it names none.
    static func version(named name: String, in migrations: MigrationSet) -> Result<Int32, FixtureNameProblem> {
        let prefixes = migrations.migrations.map { migration in
            (migration.version, String(migration.fileName.prefix { $0 != "_" }))
        }
        let stem = name.hasSuffix(".sql") ? String(name.dropLast(4)) : nil
        guard let stem, !stem.isEmpty, stem.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            let leading = String(name.prefix { $0.isASCII && $0.isNumber })
            let known = prefixes.first { $0.1 == leading || String($0.0) == leading }
            let suggestion =
                known.map { "\($0.1).sql" } ?? Suggestion.closest(to: name, among: prefixes.map { "\($0.1).sql" })
            return .failure(.notAVersion(suggestion: suggestion))
        }
        let significant = stem.drop { $0 == "0" }
        guard let version = Int32(significant.isEmpty ? "0" : String(significant)) else {
            return .failure(.notAVersion(suggestion: nil))
        }
        guard let match = prefixes.first(where: { $0.0 == version }) else {
            return .failure(.unknownVersion(version, latest: migrations.latestVersion))
        }
        guard stem == match.1 || stem == String(version) else {
            return .failure(.padding(version: version, suggestion: "\(match.1).sql"))
        }
        return .success(version)
    }

    /// Runs the fixture's statements on `connection`.
    ///
    /// - Throws: ``CheckError`` when a statement fails (at the statement) or the file is no text (at the byte),
    ///   or ``FileSystemError`` when the file cannot be read.
    func load(into connection: SQLiteConnection) throws {
        let file: SQLFile
        do { file = try SQLFile(path: path, displayPath: relativePath) } catch let error as SQLFileError {
            throw CheckError(CheckFinding(.error(error, code: "fixture-failed")))
        }
        for statement in file.statements {
            do {
                try connection.execute(sql: file.text(of: statement))
            } catch let error as SQLiteError {
                let location = SQLErrorLocator.locate(
                    error, statementStart: statement.range.lowerBound, source: file.source, statements: file.statements)
                throw CheckError(CheckFinding(.fixtureFailed(version: version, message: error.message), at: location))
            }
        }
    }
}
