import Foundation
import Kiln

/// `kiln-manifest.json` in the output folder: what each built file is and what it was built from. Its JSON
/// shape is the stable contract; keys are sorted so the same build writes the same bytes.
package struct BuildManifest: Codable, Equatable, Sendable {
    /// One database's entry.
    package struct Entry: Codable, Equatable, Sendable {
        /// The output file's name.
        package var file: String
        /// SHA-256 of the file.
        package var sha256: String
        /// `PRAGMA user_version`.
        package var userVersion: Int32
        /// `PRAGMA application_id`.
        package var applicationId: Int32
        /// Rows per table.
        package var tables: [String: Int]
        /// Hash of the schema and rows, independent of page layout.
        package var contentHash: String
        /// Digest of the sources, settings and tool versions.
        package var sourceDigest: String
        /// The SQLite version that wrote the file.
        package var sqliteVersion: String
        /// The kiln version that wrote the file.
        package var kilnVersion: String
        /// The instant the build's SQL saw as 'now' (`CURRENT_TIMESTAMP`, `date('now')`…), in seconds since
        /// 1970 (absent in manifests written before kiln pinned the clock).
        package var pinnedTime: Int64?
        /// Where ``pinnedTime`` came from: `SOURCE_DATE_EPOCH` or `build start`.
        package var pinnedTimeSource: String?

        init(_ built: BuiltDatabase) {
            file = built.file
            sha256 = built.sha256
            userVersion = built.userVersion
            applicationId = built.applicationID
            tables = built.rowCounts
            contentHash = built.contentHash
            sourceDigest = built.sourceDigest
            sqliteVersion = built.sqliteVersion
            kilnVersion = built.kilnVersion
            pinnedTime = built.clock.secondsSince1970
            pinnedTimeSource = built.clock.source
        }

        /// Whether the file was built with `clock` where the clock matters: a clock from `SOURCE_DATE_EPOCH`
        /// asks for a file built at that very instant; otherwise any build time will do.
        func matches(_ clock: BuildClock) -> Bool {
            guard clock.isSourceDateEpoch else { return true }
            return pinnedTime == clock.secondsSince1970 && pinnedTimeSource == clock.source
        }
    }

    /// The manifest format's version.
    package var formatVersion = 1
    /// Entries by database name.
    package var databases: [String: Entry] = [:]

    /// An empty manifest.
    package init() {}

    /// The manifest's file name.
    package static let fileName = "kiln-manifest.json"

    /// Reads the manifest of an output folder; a missing or unreadable one is empty (everything rebuilds).
    ///
    /// - Returns: the manifest, or an empty one.
    static func read(in directory: String) -> BuildManifest {
        guard let bytes = try? FileSystem.contents(of: "\(directory)/\(fileName)"),
            let manifest = try? JSONDecoder().decode(BuildManifest.self, from: Data(bytes)), manifest.formatVersion == 1
        else { return BuildManifest() }
        return manifest
    }

    /// The manifest's bytes: pretty, sorted keys, a final newline.
    ///
    /// - Throws: `EncodingError`, which plain strings and numbers never cause.
    /// - Returns: the JSON text's bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// Writes the manifest after the databases in `published` were renamed into place: atomically (a
    /// temporary file, fsync, rename, fsync of the folder).
    ///
    /// - Parameters:
    ///   - directory: the output folder.
    ///   - published: the database files this build published.
    ///   - warning: called when the manifest was published but the folder's `fsync` failed.
    /// - Throws: ``ManifestNotWrittenError`` when the manifest was not published: the old one (or none) is
    ///   still there, and the error says which new files it does not describe.
    func publish(in directory: String, after published: [String], warning: (PublishWarning) -> Void) throws {
        let path = "\(directory)/\(Self.fileName)"
        do {
            if let problem = try PublishWarning.writingAtomically(Array(encoded()), to: path) { warning(problem) }
        } catch let error as FileSystemError {
            throw ManifestNotWrittenError(manifest: path, published: published, cause: error)
        }
    }
}
