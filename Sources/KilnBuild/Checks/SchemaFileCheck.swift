import Foundation
import Kiln

/// The schema file's step of `kiln check`: once a project keeps schema files (it has a `schema/` folder, or
/// `kiln.json` says `"schemaFile": true`), `schema/<database>.sql` must exist, load (a syntax error is an error
/// at its line and column) and describe the schema the migrations produce at the newest version, compared as
/// ``SchemaDifference`` compares schemas; with `schemaDiagram`, `schema/<database>.md` must be the diagram
/// kiln writes for that schema.
enum SchemaFileCheck {
    /// Whether `project` keeps schema files.
    static func isRequired(in project: KilnProject) -> Bool {
        project.configuration.schemaFile || FileSystem.isDirectory(project.root.appendingPathComponent("schema").path)
    }

    /// The findings for `database`.
    ///
    /// - Parameters:
    ///   - database: the database.
    ///   - migrator: its migrator, which loads the schema file as the migrations run.
    ///   - project: the project.
    ///   - newest: the schema model at the newest version, from a walk of the chain (the check's
    ///     ``Rehearsal``); nil when the migrations themselves do not get there.
    /// - Returns: none when the project keeps no schema files, or when the file matches; none either when the
    ///   migrations themselves do not run (the build step reports that).
    static func findings(
        for database: String, migrator: Migrator, project: KilnProject, newest: () -> SchemaModel?
    ) -> [CheckFinding] {
        guard isRequired(in: project) else { return [] }
        let path = SchemaFile.relativePath(for: database)
        let start = SourceLocation(path: path, line: 1, column: 1)
        let source: SourceText
        do {
            guard let text = try SchemaFile.source(for: database, in: project) else {
                return [CheckFinding(.schemaFileMissing(database: database, path: path), at: start)]
            }
            source = text
        } catch let error as FileSystemError {
            return [CheckFinding(.schemaFileUnreadable(database: database, path: path, error), at: start)]
        } catch {
            return [CheckFinding(.error(error, code: "schema-file-unreadable"))]
        }
        guard let expected = newest() else { return [] }
        let version = migrator.migrations.latestVersion
        let diagram =
            project.configuration.keepsSchemaDiagram(for: database)
            ? SchemaFile.diagramDocument(expected, database: database) : nil
        return compare(source, with: expected, version: version, database: database, migrator: migrator)
            + diagramFindings(diagram, database: database, project: project)
    }

    /// The differences between the file's schema and `expected`'s, each at the file's statement that creates
    /// the object (the file's start when the file lacks it).
    private static func compare(
        _ source: SourceText, with expected: SchemaModel, version: Int32, database: String, migrator: Migrator
    ) -> [CheckFinding] {
        let found: SchemaModel
        do {
            found = try SchemaModel.read(from: try SchemaFile.load(source, preparedLike: migrator))
        } catch {
            return [CheckFinding(.error(error, code: "schema-file-stale"))]
        }
        let objects = SchemaFileObjects(source)
        return SchemaDifference.compare(expected: expected, actual: found, ignoringTables: []).map { difference in
            CheckFinding(
                .schemaFileStale(database: database, version: version, difference: difference),
                at: objects.location(of: difference.objectName))
        }
    }

    /// An error at each file of `schema/` whose name is no database's `.sql` or `.md` (a misspelled or deleted
    /// database's schema file, which kiln would never read or check). Hidden entries (`.gitkeep`, `.DS_Store`)
    /// are left alone.
    ///
    /// - Returns: the findings; none when `schema/` does not exist.
    static func strayFindings(in project: KilnProject) -> [CheckFinding] {
        let folder = project.root.appendingPathComponent("schema").path
        guard FileSystem.isDirectory(folder), let entries = try? FileSystem.contentsOfDirectory(folder),
            let known = try? project.databaseNames()
        else { return [] }
        let expected = Set(known.flatMap { ["\($0).sql", "\($0).md"] })
        return entries.sorted().filter { !$0.hasPrefix(".") && !expected.contains($0) }.map { name in
            CheckFinding(
                .schemaFileUnknown(name: name, known: known),
                at: SourceLocation(path: "schema/\(name)", line: 1, column: 1))
        }
    }

    /// A finding when the project keeps a diagram and `schema/<database>.md` is missing or is not `diagram`.
    private static func diagramFindings(_ diagram: String?, database: String, project: KilnProject)
        -> [CheckFinding]
    {
        guard let diagram else { return [] }
        let relative = SchemaFile.diagramRelativePath(for: database)
        let start = SourceLocation(path: relative, line: 1, column: 1)
        do {
            let bytes = try FileSystem.contents(of: project.root.appendingPathComponent(relative).path)
            return bytes == Array(diagram.utf8)
                ? [] : [CheckFinding(.schemaDiagramStale(database: database), at: start)]
        } catch let error as FileSystemError where error.isMissing {
            return [CheckFinding(.schemaFileMissing(database: database, path: relative), at: start)]
        } catch let error as FileSystemError {
            return [CheckFinding(.schemaFileUnreadable(database: database, path: relative, error), at: start)]
        } catch {
            return [CheckFinding(.error(error, code: "schema-file-unreadable"))]
        }
    }
}
