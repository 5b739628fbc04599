/// The ordered migrations of one database, checked as a whole before anything touches a database.
///
/// A set is valid when every `.sql` file is named `<version>_<slug>.sql`, versions are unique and run
/// 1, 2, 3, … without a gap, and every file holds at least one statement and none that the migrator owns
/// (see ``MigrationPolicy``). Loading reports every problem it finds, not just the first.
///
/// ## Topics
/// - ``load(directory:displayPath:database:)``
/// - ``init(database:directoryPath:files:)``
/// - ``latestVersion``
public struct MigrationSet: Sendable {
    /// The database's name, e.g. `countries`.
    public let database: String
    /// The migrations, ordered by version: `migrations[i].version == i + 1`.
    public let migrations: [Migration]

    /// The newest version, or 0 when there are no migrations.
    public var latestVersion: Int32 { migrations.last?.version ?? 0 }

    /// The migration that brings a database to `version`, if there is one.
    public func migration(version: Int32) -> Migration? {
        guard version >= 1, Int(version) <= migrations.count else { return nil }
        return migrations[Int(version) - 1]
    }

    /// Loads and checks every `.sql` file in a folder; other files are ignored.
    ///
    /// - Parameters:
    ///   - directory: the folder's path on disk.
    ///   - displayPath: how diagnostics name the folder, e.g. `migrations/countries`; defaults to `directory`.
    ///   - database: the database's name; defaults to the folder's name.
    /// - Returns: the checked set.
    /// - Throws: ``MigrationSetError`` listing every problem; ``SQLiteError`` (`SQLITE_INTERRUPT`) when the
    ///   command line's Ctrl-C interrupts the process (apps never do).
    public static func load(directory: String, displayPath: String? = nil, database: String? = nil) throws
        -> MigrationSet
    {
        let shownDirectory = displayPath ?? directory
        let names: [String]
        do {
            names = try FileSystem.contentsOfDirectory(directory)
        } catch let error as FileSystemError {
            throw MigrationSetError([.init(.folderUnreadable(error), at: Self.start(of: shownDirectory))])
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() where !name.hasPrefix(".") && name.lowercased().hasSuffix(".sql") {
            try SQLiteInterrupt.check()
            do {
                files.append((name, try FileSystem.contents(of: "\(directory)/\(name)")))
            } catch let error as FileSystemError {
                throw MigrationSetError([
                    .init(.fileUnreadable(error), at: Self.start(of: "\(shownDirectory)/\(name)"))
                ])
            }
        }
        return try MigrationSet(
            database: database ?? FileSystem.lastComponent(of: directory), directoryPath: shownDirectory, files: files)
    }

    /// Checks migration files given in memory, e.g. from an app bundle or a test.
    ///
    /// - Parameters:
    ///   - database: the database's name.
    ///   - directoryPath: how diagnostics name the folder the files are in.
    ///   - files: every file's name and bytes; names not ending in `.sql` are ignored.
    /// - Throws: ``MigrationSetError`` listing every problem; ``SQLiteError`` (`SQLITE_INTERRUPT`) when the
    ///   command line's Ctrl-C interrupts the process (apps never do).
    public init(database: String, directoryPath: String, files: [(name: String, bytes: [UInt8])]) throws {
        let (byVersion, nameProblems) = Self.claims(files, in: directoryPath)
        var problems = nameProblems
        problems += Self.duplicates(byVersion, in: directoryPath)
        problems += Self.sequenceProblems(byVersion, in: directoryPath)
        var migrations: [Migration] = []
        for version in byVersion.keys.sorted() {
            guard let file = byVersion[version]?.first else { continue }
            let source = SourceText(path: "\(directoryPath)/\(file.name)", bytes: file.bytes)
            problems += try Self.check(source)
            migrations.append(Migration(version: version, slug: file.slug, fileName: file.name, source: source))
        }
        if files.allSatisfy({ MigrationFileName.parse($0.name) == .notSQL }) {
            problems.append(
                .init(.noMigrations(database: database, folder: directoryPath), at: Self.start(of: directoryPath)))
        }
        guard problems.isEmpty else { throw MigrationSetError(problems) }
        self.database = database
        self.migrations = migrations
    }

    // MARK: - Checks

    /// A file that claims a version.
    private typealias Claim = (slug: String, name: String, bytes: [UInt8])

    /// The first line and column of a file or folder.
    private static func start(of path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    /// The `.sql` files by the version their names claim, and a problem for each name that breaks the rule.
    private static func claims(_ files: [(name: String, bytes: [UInt8])], in folder: String) -> (
        [Int32: [Claim]], [MigrationSetError.Problem]
    ) {
        var byVersion: [Int32: [Claim]] = [:]
        var invalid: [(name: String, problem: MigrationFileName.Problem)] = []
        for file in files.sorted(by: { $0.name < $1.name }) {
            switch MigrationFileName.parse(file.name) {
            case .notSQL: continue
            case .invalid(let problem): invalid.append((file.name, problem))
            case .migration(let version, let slug):
                byVersion[version, default: []].append((slug, file.name, file.bytes))
            }
        }
        // Each suggested name takes a version no other file, valid or suggested, has.
        var used = Set(byVersion.keys)
        let problems = invalid.map { file -> MigrationSetError.Problem in
            let suggestion = MigrationFileName.suggestion(for: file.name, usedVersions: used)
            if case .migration(let version, _) = MigrationFileName.parse(suggestion) { used.insert(version) }
            return .init(
                .invalidFileName(file.name, file.problem, suggestion: suggestion),
                at: start(of: "\(folder)/\(file.name)"))
        }
        return (byVersion, problems)
    }

    /// A problem for every file that shares its version with another.
    private static func duplicates(_ byVersion: [Int32: [Claim]], in folder: String) -> [MigrationSetError.Problem] {
        var problems: [MigrationSetError.Problem] = []
        for (version, claimants) in byVersion where claimants.count > 1 {
            let names = claimants.map(\.name)
            for name in names {
                problems.append(
                    .init(
                        .duplicateVersion(version, others: names.filter { $0 != name }),
                        at: start(of: "\(folder)/\(name)")))
            }
        }
        return problems
    }

    /// Problems with the sequence of versions: a first version other than 1, and gaps.
    private static func sequenceProblems(_ byVersion: [Int32: [Claim]], in folder: String)
        -> [MigrationSetError.Problem]
    {
        let versions = byVersion.keys.sorted()
        var problems: [MigrationSetError.Problem] = []
        if let first = versions.first, first != 1, let name = byVersion[first]?.first?.name {
            problems.append(.init(.firstVersionNotOne(first), at: start(of: "\(folder)/\(name)")))
        }
        for (previous, next) in zip(versions, versions.dropFirst()) where next != previous + 1 {
            guard let before = byVersion[previous]?.first?.name, let after = byVersion[next]?.first?.name else {
                continue
            }
            problems.append(
                .init(
                    .versionGap(previous: previous, next: next, previousFile: before, nextFile: after),
                    at: start(of: "\(folder)/\(after)")))
        }
        return problems
    }

    /// Finds what would make one file fail before it runs, reading its statements one at a time (the list is
    /// not kept: a file of a million statements costs no more than its bytes).
    ///
    /// - Throws: ``SQLiteError`` (`SQLITE_INTERRUPT`) after ``SQLiteInterrupt/request()``: a signal stops
    ///   a long load between two statements.
    static func check(_ source: SourceText) throws -> [MigrationSetError.Problem] {
        if let (offset, problem) = UTF8Validation.firstProblem(in: source.bytes) {
            return [.init(problem == .nulByte ? .nulByte : .invalidUTF8, at: source.location(ofByte: offset))]
        }
        var lexer = SQLLexer(bytes: source.bytes)
        var position = 0
        var violations: [MigrationSetError.Problem] = []
        while let statement = SQLStatementSplitter.nextStatement(of: &lexer, from: &position) {
            try SQLiteInterrupt.check()
            if let violation = MigrationPolicy.violation(in: statement, lexer: lexer) {
                violations.append(
                    .init(
                        .forbiddenStatement(violation.rule),
                        at: source.location(ofByte: violation.token.range.lowerBound)))
            }
        }
        let problems = lexer.problems.map {
            MigrationSetError.Problem(.unterminatedToken($0), at: source.location(ofByte: $0.offset))
        }
        // A file of comments only is valid: a placeholder version (real histories keep them for versions
        // released without a schema change).
        return problems + violations
    }
}
