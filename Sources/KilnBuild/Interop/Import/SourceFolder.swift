import Kiln

/// The folder of another tool's migrations: its entries, read once, and its files read on demand, with
/// locations shown relative to the folder as the user typed it.
///
/// Nothing outside the folder is ever read: an entry that resolves (through a symbolic link, itself or a
/// folder it is in) to a path outside the folder is refused when it is listed, with the link and where it
/// points. Links that stay inside the folder are followed.
struct SourceFolder {
    /// The folder's path, to open.
    let path: String
    /// The folder as the user typed it, the prefix of every location.
    let shown: String
    /// The names of the folder's entries, sorted.
    let names: [String]
    /// The names of the entries that are folders.
    let folders: Set<String>
    /// The folder's path with every link resolved: what each entry must stay inside.
    let resolvedPath: String

    /// Lists the folder at `path`.
    ///
    /// - Throws: ``ImportError`` when it is not a folder or cannot be listed, or when an entry resolves to a
    ///   path outside it.
    init(path: String, shown: String) throws {
        self.path = path
        self.shown = shown.hasSuffix("/") && shown.count > 1 ? String(shown.dropLast()) : shown
        guard FileSystem.isDirectory(path) else { throw ImportError(.sourceNotAFolder(shown)) }
        do {
            resolvedPath = try FileSystem.resolvedPath(path)
            names = try FileSystem.contentsOfDirectory(path).sorted()
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shown, error))
        }
        folders = Set(names.filter { FileSystem.isDirectory("\(path)/\($0)") })
        for name in names { try requireInside(name) }
    }

    /// The names of the regular files (and anything else that is not a folder).
    var files: [String] { names.filter { !folders.contains($0) } }

    /// The bytes of the file at `relative`.
    ///
    /// - Returns: the bytes.
    /// - Throws: ``ImportError`` when it cannot be read, or resolves to a path outside the folder;
    ///   ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was pressed, so that reading a folder of thousands of
    ///   files stops between two.
    func read(_ relative: String) throws -> [UInt8] {
        try SQLiteInterrupt.check()
        try requireInside(relative)
        do {
            return try FileSystem.contents(of: "\(path)/\(relative)")
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shownPath(relative), error))
        }
    }

    /// The entries of the subfolder `relative`, sorted.
    ///
    /// - Returns: the names.
    /// - Throws: ``ImportError`` when it cannot be listed, or it or one of its entries resolves to a path
    ///   outside the folder.
    func list(_ relative: String) throws -> [String] {
        try requireInside(relative)
        let entries: [String]
        do {
            entries = try FileSystem.contentsOfDirectory("\(path)/\(relative)").sorted()
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shownPath(relative), error))
        }
        for entry in entries { try requireInside("\(relative)/\(entry)") }
        return entries
    }

    /// Refuses the entry `relative` when it resolves to a path outside the folder; the folders it is in were
    /// checked when they were listed, so the entry itself is the link that leads out. An entry that cannot be
    /// resolved (a link to nothing) is left to the read, which says why it fails.
    ///
    /// - Throws: ``ImportError/Reason/linkOutsideFolder(link:target:folder:)`` naming the link and where it points.
    private func requireInside(_ relative: String) throws {
        guard let target = try? FileSystem.resolvedPath("\(path)/\(relative)"),
            !FileSystem.isResolvedPath(target, inside: resolvedPath)
        else { return }
        throw ImportError(
            .linkOutsideFolder(link: shownPath(relative), target: target, folder: shown), at: location(relative))
    }

    /// `relative` as locations show it.
    func shownPath(_ relative: String) -> String { "\(shown)/\(relative)" }

    /// The location of a whole file (line 1, column 1).
    func location(_ relative: String) -> SourceLocation {
        SourceLocation(path: shownPath(relative), line: 1, column: 1)
    }

    /// The location of byte `offset` of the file `relative` whose bytes are `bytes`.
    func location(_ relative: String, bytes: [UInt8], offset: Int) -> SourceLocation {
        SourceText(path: shownPath(relative), bytes: bytes).location(ofByte: offset)
    }

    /// Whether `name` is a dialect variant such as `0001_init.up.sql.sqlite` or `.sql.postgres`.
    static func isDialectVariant(_ name: String) -> Bool {
        guard let range = name.range(of: ".sql.", options: .backwards) else { return false }
        return !name[range.upperBound...].isEmpty && !name[range.upperBound...].contains(".")
    }
}
