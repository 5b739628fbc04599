/// The files a fleet pattern names, found lazily while they are migrated, so memory does not grow with the
/// number of files.
///
/// A pattern is one of:
/// - a **folder** (`tenants/`): every file in it and in its subfolders;
/// - a **glob** (`tenants/*.db`, `data/*/app.sqlite`, `data/**/*.db`): `*`, `?` and `[…]` within one path
///   component, as `fnmatch(3)`, a leading `.` matched only by a `.`; a whole component `**` matches any
///   number of folders, none included (a final `**` means every file below). Its **root** is the folder
///   before the first component with a wildcard;
/// - a **file**: a fleet of one, rooted at its folder, listed whatever its name or kind (the migrator
///   decides what to do with it).
///
/// Paths start with the root as the pattern spells it (`./tenants/*.db` gives `./tenants/acme.db`); each
/// file's ``FleetFile/relativePath`` is the part below the root, `/`-separated, so a ``FleetShard`` picks the
/// same files whether the root is written `./tenants`, `tenants/` or `/srv/app/tenants`.
///
/// Never listed: names starting with `.` (unless the pattern's own component starts with `.`; `*`, `?`, `[…]`
/// and `**` never match them, and hidden folders are not entered), and SQLite's own `-journal`, `-wal` and
/// `-shm` files. Symbolic links are listed (the migrator follows a link to a file, as `kiln migrate --db`
/// does) but never descended, so a link back up the tree cannot make the walk loop. A fleet is made of files:
/// a folder, or a link to one, is never migrated. One the pattern names as a file, which no more of the pattern
/// could walk into (`*.db` and a folder `old.db`), is listed with ``FleetFile/problem`` set (a folder, not a
/// regular file), so the run says it was refused; one a `**` could walk into is passed by. A subfolder that cannot be read is listed with
/// ``FleetFile/problem`` set, never dropped.
/// Files are listed in the order the folders give them (`readdir`), not sorted, each at most once. The walk
/// holds one open folder per level it is in, so a tree deeper than the process may open descriptors for lists
/// the folder it could not open with its problem (`EMFILE`).
///
/// ## Topics
/// - ``init(pattern:in:shard:)``
/// - ``root``
/// - ``count()``
public struct FleetSelection: Sequence, Sendable {
    /// The pattern as given.
    public let pattern: String
    /// The folder that relative paths, and so shards, start from.
    public let root: String
    /// Only this slice of the files, when set.
    public let shard: FleetShard?
    /// The pattern taken apart.
    let parsed: FleetPattern

    /// Reads a pattern.
    ///
    /// - Throws: ``FleetSelectionError`` for an empty or malformed pattern, or a root that does not exist or
    ///   is not a folder.
    /// - Parameters:
    ///   - pattern: a folder, a glob or a file.
    ///   - folder: the folder a relative pattern is read from, taken literally: a `[` or `*` in its path is
    ///     part of a name, never a wildcard (nil: the process's current folder). Paths start with it.
    ///   - shard: only this slice of the files.
    public init(pattern: String, in folder: String? = nil, shard: FleetShard? = nil) throws(FleetSelectionError) {
        let parsed = try FleetPattern(parsing: pattern, base: folder)
        if parsed.file == nil {
            guard FileSystem.isDirectory(parsed.root) else {
                throw FleetSelectionError(.rootNotAFolder, pattern: pattern)
            }
            do throws(FileSystemError) {
                try DirectoryStream(opening: parsed.root).close()
            } catch {
                throw FleetSelectionError(.unreadableRoot(error), pattern: pattern)
            }
        }
        self.pattern = pattern
        self.root = parsed.root
        self.shard = shard
        self.parsed = parsed
    }

    /// Counts the files (of the shard) by walking once, without keeping them.
    public func count() -> Int {
        var total = 0
        for _ in self { total += 1 }
        return total
    }

    /// A walk over the files. Folders are opened as the walk reaches them, not before.
    public func makeIterator() -> Iterator { Iterator(walk: FleetWalk(parsed, shard: shard)) }

    /// Walks the folders one entry at a time, holding one open folder per level of the walk and no list of
    /// names. Copies of an iterator share the folders they are reading: use one.
    public struct Iterator: IteratorProtocol {
        /// The walk.
        var walk: FleetWalk

        /// The next file, or nil at the end.
        public mutating func next() -> FleetFile? { walk.next() }
    }
}
