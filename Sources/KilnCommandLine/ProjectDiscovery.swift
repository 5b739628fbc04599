import Foundation
import Kiln
import KilnBuild

/// Finds the project a command works on (``ProjectLocator``: `--root`, else `KILN_ROOT`, else the nearest folder
/// at or above the current one holding `kiln.json` or `migrations/`) and says which when it is a folder above.
enum ProjectDiscovery {
    /// Sets `context`'s root for `spec`'s command (`--root` or the current folder for one that does not
    /// ``CommandSpec/needsProject``) and, for a root found above the current folder, prints
    /// `kiln: using project at ../.. (/abs/path)` on standard error (not under `--quiet`). For that root or
    /// one `KILN_ROOT` names, the project's paths are shown from the current folder
    /// (``CommandContext/rootPrefix``, see ``way(from:to:)``); `--root`, which build systems pass, keeps them
    /// relative to the root.
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
        guard location.origin == .folderAbove || location.origin == .environment else { return }
        let start = currentDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let root = location.root.standardizedFileURL.resolvingSymlinksInPath().path
        let way = way(from: start, to: root)
        if !way.isEmpty { context.rootPrefix = way + "/" }
        // `KILN_ROOT` is the user's own choice: no need to say where it led.
        guard location.origin == .folderAbove else { return }
        context.inform("kiln: using project at \(way) (\(location.root.path))")
    }

    /// The most `..` a way from the current folder to a root on another branch may climb; further away, the
    /// root is named absolutely (`../../../../../srv/shop` says less than `/srv/shop`). A root above the current
    /// folder is always reached by `..` alone.
    static let levelsUpShown = 3

    /// How a path relative to the root is reached from folder `start`: empty when they are the same folder,
    /// `..` components up to their common ancestor then the folders down (`../..`, `../broken`, `sub/proj`),
    /// or `root` itself when a way that also goes down climbs more than ``levelsUpShown`` levels. Both paths
    /// absolute and standardized.
    static func way(from start: String, to root: String) -> String {
        let from = start.split(separator: "/")
        let to = root.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count) && from[common] == to[common] { common += 1 }
        let up = from.count - common
        if up > levelsUpShown && common < to.count { return root }
        let components = Array(repeating: "..", count: up) + to[common...].map(String.init)
        return components.joined(separator: "/")
    }
}
