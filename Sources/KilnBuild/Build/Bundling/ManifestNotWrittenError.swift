import Kiln

/// A build could not write `kiln-manifest.json`: before replacing any file (to leave out the entries of those
/// it was about to replace), or after publishing the files in ``published``. The manifest on disk is whole (it
/// is written atomically) and describes none of them: their entries were left out before they were replaced.
/// The next build finds no entry for them, rebuilds them and writes the manifest.
///
/// ```swift
/// catch let error as ManifestNotWrittenError where error.cause.isDiskFull { … }
/// ```
package struct ManifestNotWrittenError: DiagnosticError, Equatable {
    /// The manifest's path.
    package let manifest: String
    /// The database files that were published and that the manifest does not describe.
    package let published: [String]
    /// Why the manifest could not be written.
    package let cause: FileSystemError

    /// An error for `manifest`, not written because of `cause` after `published` were renamed into place.
    package init(manifest: String, published: [String], cause: FileSystemError) {
        self.manifest = manifest
        self.published = published
        self.cause = cause
    }

    /// One error: the cause, what was published, and what the manifest says.
    package var diagnostics: [Diagnostic] {
        guard !published.isEmpty else {
            return [
                Diagnostic(
                    .error, "cannot write \(manifest) (\(cause.description)); no database file was replaced")
            ]
        }
        return [
            Diagnostic(
                .error,
                "cannot write \(manifest) (\(cause.description)); published \(published.joined(separator: ", ")), "
                    + "which the manifest does not describe: it leaves them out until the next build rewrites it")
        ]
    }
}
