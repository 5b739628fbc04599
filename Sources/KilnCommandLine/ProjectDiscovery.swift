import Foundation

/// Finds the project a command works on: `--root`, else `KILN_ROOT`, else the current folder.
enum ProjectDiscovery {
    /// The project root for `spec`'s command.
    ///
    /// - Parameters:
    ///   - spec: the command being run.
    ///   - explicit: `--root`, resolved against the current folder.
    ///   - currentDirectory: the folder kiln runs in.
    ///   - context: the run's environment and output.
    /// - Returns: the root.
    /// - Throws: nothing yet.
    static func root(
        of spec: CommandSpec, explicit: URL?, currentDirectory: URL, context: CommandContext
    ) throws -> URL {
        explicit ?? currentDirectory
    }
}
