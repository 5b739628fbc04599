import Kiln

/// A build published database files but could not write `kiln-manifest.json`: the manifest on disk is still
/// the previous one (it is written atomically), so it does not describe the files in ``published``. The next
/// build sees their hashes differ from the manifest's, rebuilds them and writes the manifest.
///
/// ```swift
/// catch let error as ManifestNotWrittenError where error.cause.isDiskFull { … }
/// ```
public struct ManifestNotWrittenError: DiagnosticError, Equatable {
    /// The manifest's path.
    public let manifest: String
    /// The database files that were published and that the manifest does not describe.
    public let published: [String]
    /// Why the manifest could not be written.
    public let cause: FileSystemError

    /// An error for `manifest`, not written because of `cause` after `published` were renamed into place.
    package init(manifest: String, published: [String], cause: FileSystemError) {
        self.manifest = manifest
        self.published = published
        self.cause = cause
    }

    /// One error: the cause, what was published, and what the manifest still says.
    public var diagnostics: [Diagnostic] {
        let files = published.isEmpty ? "no database file" : published.joined(separator: ", ")
        return [
            Diagnostic(
                .error,
                "cannot write \(manifest) (\(cause.description)); published \(files), which the manifest does not "
                    + "describe: it still describes the previous build until the next build rewrites it")
        ]
    }
}
