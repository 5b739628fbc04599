import Foundation
import Kiln

extension SchemaFile {
    /// What ``write(_:database:in:)`` did with each file.
    package struct WriteReport: Sendable, Equatable {
        /// Each file, relative to the project's root, in order (the `.sql` first), and whether it was written
        /// (false: it already held exactly these bytes and was left alone).
        package var files: [(path: String, wasWritten: Bool)] = []
        /// Files published whose folder could not be fsynced (the write succeeded).
        package var warnings: [PublishWarning] = []

        /// Reports compare by their files and warnings.
        package static func == (left: WriteReport, right: WriteReport) -> Bool {
            left.files.elementsEqual(right.files) { $0 == $1 } && left.warnings == right.warnings
        }
    }

    /// Writes `schema/<database>.sql` (and `schema/<database>.md` when `contents` has a diagram), each
    /// atomically (``FileSystem/writeAtomically(_:to:_:permissions:)``), creating `schema/` when missing; a file
    /// that already holds exactly the new bytes is not touched.
    ///
    /// - Throws: ``FileSystemError`` of a step before publishing a file (that file, or none, is as it was).
    /// - Returns: what was written and what was up to date.
    package static func write(_ contents: Contents, database: String, in project: KilnProject) throws -> WriteReport {
        var report = WriteReport()
        let folder = project.root.appendingPathComponent("schema").path
        try FileSystem.createDirectory(folder)
        var files = [(relativePath(for: database), contents.sql)]
        if let diagram = contents.diagram { files.append((diagramRelativePath(for: database), diagram)) }
        for (relative, text) in files {
            let path = project.root.appendingPathComponent(relative).path
            let (written, warning) = try PublishWarning.writingAtomicallyUnlessSame(Array(text.utf8), to: path)
            if let warning { report.warnings.append(warning) }
            report.files.append((relative, written))
        }
        return report
    }

    /// The text of `schema/<database>.sql` in `project`, or nil when there is no such file.
    ///
    /// - Throws: ``FileSystemError`` when it exists but cannot be read.
    /// - Returns: the text, its path relative to the root.
    package static func source(for database: String, in project: KilnProject) throws -> SourceText? {
        let relative = relativePath(for: database)
        do {
            let bytes = try FileSystem.contents(of: project.root.appendingPathComponent(relative).path)
            return withoutByteOrderMark(SourceText(path: relative, bytes: bytes))
        } catch let error as FileSystemError where error.isMissing {
            return nil
        }
    }

    /// `source` without the UTF-8 byte order mark some editors put at the start of a file (SQLite would read
    /// it as the start of a name); lines and columns are then those the editor shows.
    static func withoutByteOrderMark(_ source: SourceText) -> SourceText {
        guard source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return source }
        return SourceText(path: source.path, bytes: Array(source.bytes.dropFirst(3)))
    }
}
