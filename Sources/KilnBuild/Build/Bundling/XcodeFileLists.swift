import Foundation
import Kiln

/// The `.xcfilelist` files of an Xcode Run Script phase that runs `kiln build`: declared inputs and outputs
/// let Xcode skip the phase when nothing changed, and let it run under user script sandboxing.
package enum XcodeFileLists {
    /// Writes `kiln-inputs.xcfilelist` and `kiln-outputs.xcfilelist` into `directory`. Paths inside the
    /// project root are written as `$(SRCROOT)/…`, so the root must be the Xcode project's folder; others
    /// are absolute.
    ///
    /// - Returns: the two files' paths.
    package static func write(
        project: KilnProject, databases: [String], outputDirectory: String, into directory: String
    ) throws -> [String] {
        var inputs: [String] = []
        var outputs: [String] = []
        for database in databases {
            for file in try project.inputFiles(for: database) where !inputs.contains("$(SRCROOT)/\(file)") {
                inputs.append("$(SRCROOT)/\(file)")
            }
            outputs.append(
                entry(
                    for:
                        "\(outputDirectory)/\(project.configuration.settings(for: database).outputName(for: database))",
                    root: project.root.path))
        }
        try FileSystem.createDirectory(directory)
        var written: [String] = []
        for (name, lines) in [("kiln-inputs.xcfilelist", inputs), ("kiln-outputs.xcfilelist", outputs)] {
            let path = "\(directory)/\(name)"
            let text = lines.joined(separator: "\n") + "\n"
            if (try? FileSystem.contents(of: path)) != Array(text.utf8) {
                // A folder fsync that fails after publishing is not reported: the next build writes the lists again.
                try FileSystem.writeAtomically(Array(text.utf8), to: path)
            }
            written.append(path)
        }
        return written
    }

    private static func entry(for path: String, root: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return standardized.hasPrefix(prefix) ? "$(SRCROOT)/" + standardized.dropFirst(prefix.count) : standardized
    }
}
