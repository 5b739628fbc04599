import Foundation
import Kiln
import KilnBuild

/// Finds the project a command works on (``ProjectLocator``: `--root`, else `KILN_ROOT`, else the nearest folder
/// at or above the current one holding `kiln.json` or `migrations/`) and says which when it is a folder above.
enum ProjectDiscovery {
    /// Sets `context`'s root for `spec`'s command (`--root` or the current folder for one that does not
    /// ``CommandSpec/needsProject``) and, for a root found above the current folder, prints
    /// `kiln: using project at ../.. (/abs/path)` on standard error (not under `--quiet`) and shows the
    /// project's paths from the current folder (``CommandContext/rootPrefix``).
    ///
    /// - Parameters:
    ///   - spec: the command being run.
    ///   - explicit: `--root`, resolved against the current folder.
    ///   - currentDirectory: the folder kiln runs in.
    ///   - context: the run's environment and output; its root is set.
    /// - Throws: ``KilnProjectRootError`` when `KILN_ROOT` names no project folder. When no project is found the
    ///   root stays the current folder and ``CommandContext/project(requiringMigrations:)`` throws the error, so
    ///   a command that needs no project (`install` without a database) still runs.
    static func findRoot(
        of spec: CommandSpec, explicit: URL?, currentDirectory: URL, context: inout CommandContext
    ) throws {
        guard spec.needsProject else {
            context.root = explicit ?? currentDirectory
            return
        }
        let location: ProjectLocation
        do {
            location = try ProjectLocator.locate(
                given: explicit, environment: context.environment, startFolder: currentDirectory)
        } catch let error as KilnProjectRootError where error.reason == .notFound {
            // Reported when the command first asks for its project: `install` without a database needs none.
            context.root = currentDirectory
            context.projectNotFound = error
            return
        }
        context.root = location.root
        guard location.origin == .folderAbove else { return }
        let start = currentDirectory.standardizedFileURL.resolvingSymlinksInPath()
        let relative = relativePath(from: start.path, to: location.root.path)
        context.rootPrefix = relative + "/"
        context.inform("kiln: using project at \(relative) (\(location.root.path))")
    }

    /// The way from folder `start` up to its ancestor `ancestor`, as `..` components (`../..`).
    static func relativePath(from start: String, to ancestor: String) -> String {
        let depth = { (path: String) in path.split(separator: "/").count }
        let levels = max(depth(start) - depth(ancestor), 1)
        return Array(repeating: "..", count: levels).joined(separator: "/")
    }
}
