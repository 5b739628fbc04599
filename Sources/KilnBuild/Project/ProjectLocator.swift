import Foundation
import Kiln

/// Where a command's project is, and how it was found.
package struct ProjectLocation: Equatable, Sendable {
    /// How the root was chosen.
    package enum Origin: Equatable, Sendable {
        /// Named by the caller, e.g. from a setting or an argument it was given; returned unchecked.
        case given
        /// Named by the environment variable ``ProjectLocator/environmentVariable``.
        case environment
        /// The folder the search started in holds the project.
        case startFolder
        /// A folder above the one the search started in holds the project.
        case folderAbove
    }

    /// The project's root folder.
    package let root: URL
    /// How it was found.
    package let origin: Origin
}

/// Finds a project as git finds a repository: a root given explicitly wins, then `KILN_ROOT`, then the nearest
/// folder at or above the starting folder that holds `kiln.json` or a `migrations/` folder.
///
/// The walk follows the physical folders (symbolic links in the starting folder resolved first, as `getcwd`
/// reports it), stops at the file-system root, and stops with an error at a folder it cannot look into rather
/// than skip it and find a project further up that was never meant.
package enum ProjectLocator {
    /// The environment variable that names the project folder.
    package static let environmentVariable = "KILN_ROOT"

    /// The project for a run.
    ///
    /// - Parameters:
    ///   - given: a root named explicitly, already resolved; returned as it is.
    ///   - environment: the run's environment, where ``environmentVariable`` may name the root (relative to
    ///     `startFolder`).
    ///   - startFolder: the folder the run is in.
    /// - Returns: the root and how it was found.
    /// - Throws: ``KilnProjectRootError`` naming ``environmentVariable`` when it names something that is not a
    ///   project folder; ``KilnProjectRootError/Reason/notFound`` when no folder at or above `startFolder` holds
    ///   a project; ``KilnProjectRootError/Reason/unreadable(_:)`` for a folder on the way that cannot be looked
    ///   into.
    package static func locate(given: URL?, environment: [String: String], startFolder: URL) throws
        -> ProjectLocation
    {
        if let given { return ProjectLocation(root: given, origin: .given) }
        if let named = environment[environmentVariable], !named.isEmpty {
            let root = named.hasPrefix("/") ? URL(fileURLWithPath: named) : startFolder.appendingPathComponent(named)
            return ProjectLocation(root: try checkedNamedRoot(root.standardizedFileURL), origin: .environment)
        }
        let start = startFolder.standardizedFileURL.resolvingSymlinksInPath()
        guard let root = try nearestProject(from: start) else {
            throw KilnProjectRootError(.notFound, root: start.path)
        }
        // The start folder keeps the name it was given (messages name it as the user knows it).
        guard root.path != start.path else { return ProjectLocation(root: startFolder, origin: .startFolder) }
        return ProjectLocation(root: root, origin: .folderAbove)
    }

    /// The nearest folder at or above `folder` (an absolute, standardized path) holding a project.
    ///
    /// - Returns: that folder, or nil when none up to the file-system root does.
    /// - Throws: ``KilnProjectRootError/Reason/unreadable(_:)`` for a folder that cannot be looked into.
    package static func nearestProject(from folder: URL) throws -> URL? {
        var current = folder.path
        while true {
            if try holdsProject(current) { return URL(fileURLWithPath: current, isDirectory: true) }
            let parent = FileSystem.parentDirectory(of: current)
            guard parent != current, parent != "." else { return nil }
            current = parent
        }
    }

    /// Whether `folder` holds `kiln.json` (anything but a folder) or a `migrations/` folder (a file named
    /// `migrations` does not count). Symbolic links are followed.
    ///
    /// - Throws: ``KilnProjectRootError/Reason/unreadable(_:)`` when the folder cannot be looked into.
    package static func holdsProject(_ folder: String) throws -> Bool {
        let base = folder == "/" ? "" : folder
        if let kind = try kind(of: "\(base)/kiln.json", in: folder), kind != .directory { return true }
        return try kind(of: "\(base)/migrations", in: folder) == .directory
    }

    /// What `path` is, or nil when nothing (or a dangling link) is there.
    private static func kind(of path: String, in folder: String) throws -> FileKind? {
        do { return try FileSystem.kindOfFile(at: path) } catch let error as FileSystemError {
            if error.isMissing || error.code == ENOTDIR { return nil }
            throw KilnProjectRootError(.unreadable(error), root: folder)
        }
    }

    /// `root`, named by ``environmentVariable``, once it is known to be a folder holding a project.
    private static func checkedNamedRoot(_ root: URL) throws -> URL {
        let kind: FileKind
        do { kind = try FileSystem.kindOfFile(at: root.path) } catch let error as FileSystemError {
            let reason: KilnProjectRootError.Reason = error.isMissing ? .missing : .unreadable(error)
            throw KilnProjectRootError(reason, root: root.path, variable: environmentVariable)
        }
        guard kind == .directory else {
            throw KilnProjectRootError(.notAFolder(kind), root: root.path, variable: environmentVariable)
        }
        guard try holdsProject(root.path) else {
            throw KilnProjectRootError(.notAProject, root: root.path, variable: environmentVariable)
        }
        return root
    }
}

extension KilnProject {
    /// Opens the project at `root`, which must be a folder holding `kiln.json` or `migrations/`: the check of
    /// the commands that add a database to a project (`kiln new`, `kiln import`), which may find no
    /// `migrations/` yet but never start a project themselves.
    ///
    /// - Throws: what ``init(root:)`` throws, or ``KilnProjectRootError/Reason/notAProject``.
    /// - Returns: the project.
    package static func requiringProject(root: URL) throws -> KilnProject {
        let project = try KilnProject(root: root)
        guard try ProjectLocator.holdsProject(project.root.path) else {
            throw KilnProjectRootError(.notAProject, root: project.root.path)
        }
        return project
    }
}
