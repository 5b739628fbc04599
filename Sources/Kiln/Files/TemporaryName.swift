#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The names of temporary files and folders that are not made under a lock: `.<name><mark><pid>-<random>`
/// beside what they become. The process id in the name tells a later run whether the one that made it still
/// runs: a name whose process has ended is litter a killed run left, and is swept; one whose process runs is
/// never touched, whoever runs it (another kiln, in another project, at the same moment).
///
/// A process id can be reused: litter whose id a running process took is only swept once that one ends. Its
/// own temporary names count as in use for a process (another of its threads may be writing them).
package struct TemporaryName: Sendable {
    /// What follows the name, before the process id: `.kiln-tmp-write-`, `.kiln-import-`.
    package let mark: String

    /// Temporary names that end in `mark`.
    package init(mark: String) {
        self.mark = mark
    }

    /// A fresh temporary path for `name` in `folder`.
    package func path(for name: String, in folder: String) -> String {
        "\(folder)/.\(name)\(mark)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Whether `entry` (a name in a folder) is a temporary name of this kind whose process has ended.
    package func isLeftover(_ entry: String) -> Bool {
        guard entry.hasPrefix("."), let range = entry.range(of: mark) else { return false }
        let digits = entry[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard let pid = pid_t(digits), pid > 0 else { return false }
        if pid == getpid() { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the leftovers of this kind in `folder` (a leftover folder with the files in it), as far as it
    /// can: a sweep never fails the command that sweeps, and what it cannot remove now the next run sweeps.
    package func sweep(_ folder: String) {
        guard let entries = try? FileSystem.contentsOfDirectory(folder) else { return }
        for entry in entries where isLeftover(entry) {
            let path = "\(folder)/\(entry)"
            if FileSystem.kindWithoutFollowing(path) == .directory {
                try? FileSystem.removeEntries(in: path) { _ in true }
                try? FileSystem.removeEmptyDirectory(path)
            } else {
                try? FileSystem.remove(path)
            }
        }
    }
}
