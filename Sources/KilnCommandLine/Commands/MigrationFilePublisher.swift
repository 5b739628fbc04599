import Kiln
import KilnBuild

/// Publishes a new migration file, as `kiln new` and `kiln plan` do: written to a temporary file and linked
/// into place, so it never overwrites a file that appeared since the folder was listed, and prints its
/// project-relative path.
enum MigrationFilePublisher {
    /// Writes `text` as `name` in `folder` (shown as `shownFolder`) and prints the path on standard output.
    ///
    /// - Throws: ``NewMigrationError`` when the file cannot be created (an existing one is never replaced).
    static func publish(
        _ text: String, name: String, folder: String, shownFolder: String, context: CommandContext
    ) throws {
        let notDurable: FileSystemError?
        do {
            notDurable = try FileSystem.writeAtomically(Array(text.utf8), to: "\(folder)/\(name)", .creatingOnly)
        } catch let error as FileSystemError {
            throw NewMigrationError(.createFile, path: "\(shownFolder)/\(name)", cause: error)
        }
        context.standardOutput("\(shownFolder)/\(name)\n")
        if let notDurable {
            context.report(
                Diagnostic(
                    .warning,
                    "created \(shownFolder)/\(name), but cannot \(notDurable.description); the new name may not "
                        + "survive a power loss"))
        }
    }
}
