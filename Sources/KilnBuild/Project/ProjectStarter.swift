import Foundation
import Kiln

/// Starts a project (`kiln init`): `migrations/<database>/0001_create_tables.sql` from ``MigrationTemplate``,
/// an empty `seeds/<database>/` and a commented `kiln.json` (``ConfigurationTemplate``). All or nothing: each
/// file is written atomically and never over an existing one, and after a failure every folder and file it
/// made is removed again.
package enum ProjectStarter {
    /// The words naming the first migration.
    package static let firstMigrationWords = ["create", "tables"]

    /// What was made.
    package struct Outcome: Sendable {
        /// The folders and files created, relative to the root, in the order they were made.
        package let created: [String]
        /// Which of ``created`` are folders (the rest are files).
        package let createdFolders: Set<String>
        /// The first migration file, relative to the root.
        package let firstMigration: String
        /// A folder's `fsync` that failed after the files were in place (see ``FileSystem/writeAtomically``).
        package let notDurable: FileSystemError?
    }

    /// The `kiln.json` that `kiln import`, run where there is no project yet, writes beside the migrations it
    /// imported: the database (a valid name: ASCII letters, digits, `_`, `-`, nothing to escape) and no other setting (no template database, no seeds, unlike ``start(at:database:)``).
    ///
    /// - Returns: the file's text.
    package static func minimalConfiguration(database: String) -> String {
        "{\n  \"databases\": {\n    \"\(database)\": {}\n  }\n}\n"
    }

    /// A valid database name (``KilnProject/isValidDatabaseName(_:)``) made from a folder's name: characters the
    /// rule does not allow become `_`, and a name that does not start with a letter gets `db_` in front
    /// (`2024 app` -> `db_2024_app`).
    package static func databaseName(forFolderNamed folder: String) -> String {
        let kept = String(folder.map { KilnProject.isAllowedInDatabaseName($0) ? $0 : "_" })
        guard KilnProject.isValidDatabaseName(kept) else { return "db_" + kept }
        return kept
    }

    /// Starts a project with one database in `root`, which is created when missing (its parent must exist).
    ///
    /// - Throws: ``ProjectInitError`` when `root` already holds `kiln.json` or `migrations`, or a step fails;
    ///   ``KilnProjectRootError`` when `root` is not a folder.
    /// - Returns: what was created.
    /// - Throws: ``ProjectError/invalidDatabaseName(_:)`` when `database` breaks the rule
    ///   (``KilnProject/isValidDatabaseName(_:)``), before anything is made.
    package static func start(at root: URL, database: String) throws -> Outcome {
        try start(at: root, database: database) { text, path in
            try FileSystem.writeAtomically(Array(text.utf8), to: path, .creatingOnly)
        }
    }

    /// ``start(at:database:)`` writing each file through `write` (text, absolute path; returns a failed folder
    /// `fsync`), so a test can make a later file fail after earlier ones were written.
    static func start(
        at root: URL, database: String, write: @escaping (String, String) throws -> FileSystemError?
    ) throws -> Outcome {
        try KilnProject.requireValidDatabaseName(database)
        var made = Made(root: root.standardizedFileURL.path, write: write)
        let first = "migrations/\(database)/" + MigrationFileName.make(version: 1, words: firstMigrationWords)
        do {
            try made.folder("")
            try refuseExistingProject(in: made.root)
            try made.folder("migrations")
            try made.folder("migrations/\(database)")
            try made.folder("seeds")
            try made.folder("seeds/\(database)")
            try made.file(first, MigrationTemplate.text(version: 1, database: database, words: firstMigrationWords))
            try made.file("kiln.json", ConfigurationTemplate.text(database: database))
        } catch {
            made.takeBack()
            if let error = error as? FileSystemError { throw ProjectInitError(.fileSystem(error), root: made.root) }
            throw error
        }
        let created = made.created.filter { !$0.isEmpty }
        return Outcome(
            created: created, createdFolders: Set(created).subtracting(made.files), firstMigration: first,
            notDurable: made.notDurable)
    }

    /// Refuses a folder that already holds `kiln.json` or `migrations` (of any kind).
    private static func refuseExistingProject(in root: String) throws {
        for name in ["kiln.json", "migrations"] where FileSystem.exists("\(root)/\(name)") {
            throw ProjectInitError(.projectExists(name), root: root)
        }
    }
}

/// The folders and files one start made, to take back after a failure.
private struct Made {
    let root: String
    /// Relative paths, `""` for the root itself.
    private(set) var created: [String] = []
    /// Which of `created` are files.
    private(set) var files: Set<String> = []
    private(set) var notDurable: FileSystemError?
    /// Writes a new file (text, absolute path) atomically, never over an existing one.
    private let write: (String, String) throws -> FileSystemError?

    init(root: String, write: @escaping (String, String) throws -> FileSystemError?) {
        self.root = root
        self.write = write
    }

    private func path(_ relative: String) -> String { relative.isEmpty ? root : "\(root)/\(relative)" }

    /// Creates the folder unless it exists (one level: its parent must exist).
    mutating func folder(_ relative: String) throws {
        let path = path(relative)
        if let kind = FileSystem.kind(of: path) {
            guard kind == .directory else {
                if relative.isEmpty { throw KilnProjectRootError(.notAFolder(kind), root: root) }
                throw FileSystemError(.mkdir, path: path, code: EEXIST)
            }
            return
        }
        // One level only, so taking it back removes all that was made.
        guard FileSystem.isDirectory(FileSystem.parentDirectory(of: path)) else {
            throw FileSystemError(.mkdir, path: path, code: ENOENT)
        }
        try FileSystem.createDirectory(path)
        created.append(relative)
    }

    /// Writes a new file atomically; an existing one is never replaced.
    mutating func file(_ relative: String, _ text: String) throws {
        let failure = try write(text, path(relative))
        created.append(relative)
        files.insert(relative)
        notDurable = notDurable ?? failure
    }

    /// Removes what was made, newest first.
    func takeBack() {
        for relative in created.reversed() {
            if files.contains(relative) {
                try? FileSystem.remove(path(relative))
            } else {
                try? FileSystem.removeEmptyDirectory(path(relative))
            }
        }
    }
}
