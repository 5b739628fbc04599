import Foundation
import Kiln

/// The names a reset of `FILE` uses beside it: the lock it shares with the installer (`.FILE.kiln-lock`),
/// its temporary files (`.FILE.kiln-reset-*`, swept under the lock), and `FILE.previous`.
struct ResetNames {
    /// The file being reset.
    let path: String
    /// Its folder.
    let directory: String
    /// Its last component.
    let name: String

    init(path: String) {
        self.path = path
        directory = FileSystem.parentDirectory(of: path)
        name = FileSystem.lastComponent(of: path)
    }

    /// The lock file, the same one the installer takes for this file.
    var lock: String { "\(directory)/.\(name).kiln-lock" }
    /// Where the replaced file is kept.
    var previous: String { path + ".previous" }
    /// The prefix of every temporary name.
    private var temporaryPrefix: String { ".\(name).kiln-reset-" }

    /// A fresh temporary path (not the bundler's temporary name: a build into the same folder would sweep it).
    func temporary() -> String {
        "\(directory)/\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files (and their `-journal`s) of resets that were killed; the caller holds the
    /// lock, so none belongs to a running reset.
    func sweep() throws {
        let prefix = temporaryPrefix
        try FileSystem.removeEntries(in: directory) { $0.hasPrefix(prefix) }
    }

    /// Gives `FILE<suffix>`, when it exists and is not empty, a temporary second name.
    ///
    /// - Returns: the temporary name (which does not exist when there was nothing to carry).
    func carry(_ suffix: String) throws -> String {
        let carried = temporary()
        if let size = try? FileDescriptor(opening: path + suffix, .readOnly).size(), size > 0 {
            try FileSystem.link(path + suffix, to: carried)
        }
        return carried
    }

    /// Renames a carried side file to `FILE.previous<suffix>`, when there is one.
    func publishCarried(_ carried: String, as suffix: String) throws {
        if FileSystem.exists(carried) { try FileSystem.rename(carried, to: previous + suffix) }
    }
}
