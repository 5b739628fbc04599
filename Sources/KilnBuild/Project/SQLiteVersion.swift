/// A SQLite version such as `3.36.0`, ordered.
package struct SQLiteVersion: Comparable, Sendable, CustomStringConvertible {
    /// `3`, `36`, `0`.
    package let major: Int, minor: Int, patch: Int

    /// A version from its parts.
    package init(_ major: Int, _ minor: Int, _ patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `3.36.0` (or `3.36`); nil for anything else.
    package init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        let parts = pieces.compactMap { Int($0) }
        guard (2...3).contains(pieces.count), parts.count == pieces.count, parts.allSatisfy({ $0 >= 0 }) else {
            return nil
        }
        self.init(parts[0], parts[1], parts.count == 3 ? parts[2] : 0)
    }

    /// Whether `left` is older than `right`.
    package static func < (left: SQLiteVersion, right: SQLiteVersion) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }

    /// `major.minor.patch`.
    package var description: String { "\(major).\(minor).\(patch)" }
}
