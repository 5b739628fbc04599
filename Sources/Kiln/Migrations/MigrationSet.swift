import Foundation

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
    /// - Throws: ``MigrationSetError`` listing every problem.
    public static func load(directory: String, displayPath: String? = nil, database: String? = nil) throws
        -> MigrationSet
    {
        let shownDirectory = displayPath ?? directory
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw MigrationSetError(diagnostics: [
                Diagnostic(
                    .error, "cannot read the migration folder",
                    at: SourceLocation(path: shownDirectory, line: 1, column: 1),
                    hint: "create it with 'kiln new <database> <description>'")
            ])
        }
        var files: [(name: String, bytes: [UInt8])] = []
        for name in names.sorted() where !name.hasPrefix(".") && name.lowercased().hasSuffix(".sql") {
            let fileURL = url.appendingPathComponent(name)
            do {
                files.append((name, Array(try Data(contentsOf: fileURL))))
            } catch {
                throw MigrationSetError(diagnostics: [
                    Diagnostic(
                        .error, "cannot read the file: \(error.localizedDescription)",
                        at: SourceLocation(path: "\(shownDirectory)/\(name)", line: 1, column: 1))
                ])
            }
        }
        return try MigrationSet(
            database: database ?? url.lastPathComponent, directoryPath: shownDirectory, files: files)
    }

    /// Checks migration files given in memory, e.g. from an app bundle or a test.
    ///
    /// - Parameters:
    ///   - database: the database's name.
    ///   - directoryPath: how diagnostics name the folder the files are in.
    ///   - files: every file's name and bytes; names not ending in `.sql` are ignored.
    /// - Throws: ``MigrationSetError`` listing every problem.
    public init(database: String, directoryPath: String, files: [(name: String, bytes: [UInt8])]) throws {
        var diagnostics: [Diagnostic] = []
        var byVersion: [Int32: [(slug: String, name: String, bytes: [UInt8])]] = [:]
        func start(of name: String) -> SourceLocation {
            SourceLocation(path: "\(directoryPath)/\(name)", line: 1, column: 1)
        }

        for file in files.sorted(by: { $0.name < $1.name }) {
            switch MigrationFileName.parse(file.name) {
            case .notSQL: continue
            case .invalid(let reason):
                diagnostics.append(
                    Diagnostic(
                        .error, "'\(file.name)' is not a valid migration file name: \(reason)",
                        at: start(of: file.name),
                        hint:
                            "rename it, e.g. '\(MigrationFileName.make(version: 1, words: [String(file.name.dropLast(4))]))'"
                    ))
            case .migration(let version, let slug):
                byVersion[version, default: []].append((slug, file.name, file.bytes))
            }
        }

        for (version, claimants) in byVersion where claimants.count > 1 {
            let names = claimants.map(\.name)
            for name in names {
                let others = names.filter { $0 != name }.map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(
                    Diagnostic(
                        .error, "duplicate migration version \(version): also used by \(others)",
                        at: start(of: name), hint: "give each migration its own version"))
            }
        }

        let versions = byVersion.keys.sorted()
        if let first = versions.first, first != 1, let name = byVersion[first]?.first?.name {
            diagnostics.append(
                Diagnostic(
                    .error, "migration versions must start at 1, but the first is \(first)",
                    at: start(of: name), hint: "renumber it to 1"))
        }
        for (previous, next) in zip(versions, versions.dropFirst()) where next != previous + 1 {
            let before = byVersion[previous]![0].name
            let after = byVersion[next]![0].name
            let missing =
                next - previous == 2
                ? "migration \(previous + 1) is missing" : "migrations \(previous + 1) to \(next - 1) are missing"
            diagnostics.append(
                Diagnostic(
                    .error, "\(missing): versions jump from \(previous) ('\(before)') to \(next) ('\(after)')",
                    at: start(of: after), hint: "renumber '\(after)' to \(previous + 1)"))
        }

        var migrations: [Migration] = []
        for version in versions {
            guard let file = byVersion[version]?.first else { continue }
            let source = SourceText(path: "\(directoryPath)/\(file.name)", bytes: file.bytes)
            let (statements, problems) = Self.check(source)
            diagnostics.append(contentsOf: problems)
            migrations.append(
                Migration(
                    version: version, slug: file.slug, fileName: file.name, source: source, statements: statements))
        }
        if files.allSatisfy({ MigrationFileName.parse($0.name) == .notSQL }) {
            diagnostics.append(
                Diagnostic(
                    .error, "no migrations in '\(directoryPath)'",
                    at: SourceLocation(path: directoryPath, line: 1, column: 1),
                    hint: "create the first one with 'kiln new \(database) <description>'"))
        }
        guard diagnostics.isEmpty else { throw MigrationSetError(diagnostics: diagnostics) }
        self.database = database
        self.migrations = migrations
    }

    /// Splits one file into statements and finds what would make it fail before it runs.
    static func check(_ source: SourceText) -> ([SQLStatementRange], [Diagnostic]) {
        if let offset = source.bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.flatMap { UTF8Validation.firstInvalidOffset($0, buffer.count) }
        }) {
            return (
                [],
                [
                    Diagnostic(
                        .error, "the file is not valid UTF-8", at: source.location(ofByte: offset),
                        hint: "save the file as UTF-8")
                ]
            )
        }
        var lexer = SQLLexer(bytes: source.bytes)
        let statements = SQLStatementSplitter.statements(of: &lexer)
        var diagnostics = lexer.problems.map {
            Diagnostic(.error, $0.message, at: source.location(ofByte: $0.offset))
        }
        if statements.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .error, "the migration has no SQL statements", at: source.location(ofByte: 0),
                    hint: "write the migration's SQL, or delete the file"))
        }
        for statement in statements {
            if let violation = MigrationPolicy.violation(in: statement, lexer: lexer) {
                diagnostics.append(
                    Diagnostic(
                        .error, violation.reason, at: source.location(ofByte: violation.token.range.lowerBound),
                        hint: violation.hint))
            }
        }
        return (statements, diagnostics)
    }
}

/// A migration set that cannot be used, with every problem found.
public struct MigrationSetError: DiagnosticError, CustomStringConvertible {
    /// The problems, one per file and rule.
    public let diagnostics: [Diagnostic]

    public var description: String { diagnostics.map { $0.formatted() }.joined(separator: "\n") }
}
