/// The files a fleet pattern names, found lazily while they are migrated, so memory does not grow with the
/// number of files.
///
/// A pattern is one of:
/// - a **folder** (`tenants/`): every file in it and in its subfolders;
/// - a **glob** (`tenants/*.db`, `data/*/app.sqlite`, `data/**/*.db`): `*`, `?` and `[…]` within one path
///   component, as `fnmatch(3)`, a leading `.` matched only by a `.`; a whole component `**` matches any
///   number of folders, none included. Its **root** is the folder before the first component with a wildcard;
/// - a **file**: a fleet of one, rooted at its folder.
///
/// Never listed: names starting with `.`, and SQLite's own `-journal`, `-wal` and `-shm` files. Symbolic
/// links are listed (the migrator follows a link to a file, as `kiln migrate --db` does) but never descended.
/// Files are listed in the order the folders give them (`readdir`), not sorted.
///
/// ## Topics
/// - ``init(pattern:shard:)``
/// - ``root``
/// - ``count()``
public struct FleetSelection: Sequence, Sendable {
    /// The pattern as given.
    public let pattern: String
    /// The folder that relative paths, and so shards, start from.
    public let root: String
    /// Only this slice of the files, when set.
    public let shard: FleetShard?

    /// Reads a pattern.
    ///
    /// - Throws: ``FleetSelectionError`` for an empty or malformed pattern, or a root that does not exist or
    ///   is not a folder.
    public init(pattern: String, shard: FleetShard? = nil) throws(FleetSelectionError) {
        self.pattern = pattern
        self.root = pattern
        self.shard = shard
        fatalError("FleetSelection.init: to be written")
    }

    /// Counts the files (of the shard) by walking once, without keeping them.
    public func count() -> Int {
        var total = 0
        for _ in self { total += 1 }
        return total
    }

    /// A walk over the files.
    public func makeIterator() -> Iterator { Iterator() }

    /// Walks the folders one entry at a time.
    public struct Iterator: IteratorProtocol {
        /// The next file, or nil at the end.
        public mutating func next() -> FleetFile? { nil }
    }
}

/// Why a fleet pattern cannot be used.
public struct FleetSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Sendable, Equatable {
        /// The pattern is empty.
        case empty
        /// `**` is part of a component (`a**b`) instead of a whole one.
        case misplacedDoubleStar
        /// The pattern has no wildcard and names nothing.
        case noSuchFile
        /// The root folder of a glob does not exist, or is not a folder.
        case rootNotAFolder
        /// The root folder could not be read.
        case unreadableRoot(FileSystemError)
    }

    /// Why.
    public let reason: Reason
    /// The pattern.
    public let pattern: String

    /// An error from its facts.
    public init(_ reason: Reason, pattern: String) {
        self.reason = reason
        self.pattern = pattern
    }

    public var description: String { "\(pattern): \(reason)" }
}
