import Foundation
import Kiln

/// `kiln generate`: the typed Swift of a database's named queries, written to `<Database>Queries.swift` only
/// when its bytes change, so a build with nothing changed leaves the file (and what depends on it) alone.
package enum QueryGenerator {
    /// What one generation did.
    package struct Report: Equatable, Sendable {
        /// The Swift file.
        package let path: String
        /// Whether it was written (false: it already held these bytes).
        package let wasWritten: Bool
        /// How many named queries it holds.
        package let queries: Int
        /// Set when the file was published but its folder could not be synced after: a warning, not a failure.
        package var warning: PublishWarning?
    }

    /// The Swift text for the named queries of `database` in `project`, typed on a fresh database at the
    /// newest version.
    ///
    /// - Returns: the file's text and how many queries it holds.
    /// - Throws: ``GenerateError`` when the database has no queries file; ``SQLFileError`` or
    ///   ``NamedQueryError`` for the file's problems, located; what building the newest schema throws.
    package static func source(for database: String, in project: KilnProject) throws -> (text: String, queries: Int) {
        var project = project
        project.refusesUntouchedTemplates = false
        let migrator = try project.migrator(for: database)
        let relative = "queries/\(database).sql"
        let path = project.root.appendingPathComponent(relative).path
        guard FileSystem.exists(path) else { throw GenerateError(.noQueriesFile(relative)) }
        let file = try SQLFile(path: path, displayPath: relative)
        let queries = try NamedQueries.read(file)
        let connection = try migrator.freshDatabase()
        let schema = try SchemaModel.read(from: connection)
        let typed = try QueryTyper(file: file, connection: connection, schema: schema).typed(queries)
        return (SwiftQueriesWriter.file(database: database, queries: typed), typed.count)
    }

    /// Writes the Swift file of `database` into `folder` (created when missing), atomically, unless it already
    /// holds the same bytes.
    ///
    /// - Returns: the file, and whether it was written.
    /// - Throws: what ``source(for:in:)`` throws; ``FileSystemError`` of a step before the file is published (a
    ///   folder `fsync` that fails after it is the report's warning: the command must not exit 1 then).
    package static func generate(_ database: String, in project: KilnProject, into folder: String) throws -> Report {
        let (text, count) = try source(for: database, in: project)
        let path = (folder as NSString).appendingPathComponent(SwiftQueriesWriter.typeName(of: database) + ".swift")
        try FileSystem.createDirectory(folder)
        let (written, warning) = try PublishWarning.writingAtomicallyUnlessSame(Array(text.utf8), to: path)
        return Report(path: path, wasWritten: written, queries: count, warning: warning)
    }
}

/// A database `kiln generate` has nothing to generate from.
package struct GenerateError: DiagnosticError, Equatable {
    /// What is missing.
    package enum Reason: Sendable, Equatable {
        /// No `queries/<database>.sql`.
        case noQueriesFile(String)
    }

    /// What is missing.
    package let reason: Reason

    /// An error for `reason`.
    package init(_ reason: Reason) { self.reason = reason }

    /// One error with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .noQueriesFile(let path):
            [
                Diagnostic(
                    .error, "no \(path) to generate from",
                    hint: "write the app's queries there, each after a '-- name: <Name> :one|:many|:each|:exec' line")
            ]
        }
    }
}
