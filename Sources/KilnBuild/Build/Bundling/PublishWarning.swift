import Foundation
import Kiln

/// A file was published (renamed into place) but the folder's `fsync` that makes the new name durable failed.
/// The command succeeded: every reader sees the new file now. Only a power loss before the system writes the
/// folder back could bring the old name back, and the next build or reset verifies what it finds.
package struct PublishWarning: Sendable, Equatable {
    /// The files that were published, as paths.
    package let published: [String]
    /// The folder `fsync` failure.
    package let error: FileSystemError

    /// A warning for `published`, whose folder could not be fsynced.
    package init(published: [String], error: FileSystemError) {
        self.published = published
        self.error = error
    }

    /// One warning: what was published and what may not be durable.
    package var diagnostic: Diagnostic {
        Diagnostic(
            .warning,
            "published \(published.joined(separator: ", ")), but cannot \(error.description); the new name "
                + "may not survive a power loss")
    }

    /// Runs the folder's `fsync` after publishing: a failure becomes a warning, not an error.
    ///
    /// - Returns: the warning, or nil when the folder was synced.
    static func syncing(_ folder: String, published: [String]) -> PublishWarning? {
        FileSystem.syncAfterPublishing(in: folder).map { PublishWarning(published: published, error: $0) }
    }

    /// ``FileSystem/writeAtomically(_:to:_:permissions:)`` (replacing), where a failed `fsync` of the folder
    /// after the rename (the file is published) is returned as a warning instead of thrown.
    ///
    /// - Throws: ``FileSystemError`` of a step before publishing: the old file (or none) is still there.
    /// - Returns: the warning, or nil when the new name is durable.
    static func writingAtomically(_ bytes: [UInt8], to path: String) throws -> PublishWarning? {
        try FileSystem.writeAtomically(bytes, to: path).map { PublishWarning(published: [path], error: $0) }
    }

    /// ``writingAtomically(_:to:)``, unless the file already holds exactly `bytes`: then it is not touched, so
    /// what depends on its modification time (a build system) sees no change.
    ///
    /// - Throws: ``FileSystemError`` of a step before publishing: the old file (or none) is still there.
    /// - Returns: whether the file was written, and the warning of a folder that could not be synced after.
    static func writingAtomicallyUnlessSame(_ bytes: [UInt8], to path: String) throws -> (
        written: Bool, warning: PublishWarning?
    ) {
        if FileSystem.exists(path), (try? FileSystem.contents(of: path)) == bytes { return (false, nil) }
        return (true, try writingAtomically(bytes, to: path))
    }
}
