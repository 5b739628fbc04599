import Kiln

/// The folder of another tool's migrations: its entries, read once, and its files read on demand, with
/// locations shown relative to the folder as the user typed it.
struct SourceFolder {
    /// The folder's path, to open.
    let path: String
    /// The folder as the user typed it, the prefix of every location.
    let shown: String
    /// The names of the folder's entries, sorted.
    let names: [String]
    /// The names of the entries that are folders.
    let folders: Set<String>

    /// Lists the folder at `path`.
    ///
    /// - Throws: ``ImportError`` when it is not a folder or cannot be listed.
    init(path: String, shown: String) throws {
        self.path = path
        self.shown = shown.hasSuffix("/") && shown.count > 1 ? String(shown.dropLast()) : shown
        guard FileSystem.isDirectory(path) else { throw ImportError(.sourceNotAFolder(shown)) }
        do {
            names = try FileSystem.contentsOfDirectory(path).sorted()
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shown, error))
        }
        folders = Set(names.filter { FileSystem.isDirectory("\(path)/\($0)") })
    }

    /// The names of the regular files (and anything else that is not a folder).
    var files: [String] { names.filter { !folders.contains($0) } }

    /// The bytes of the file at `relative`.
    ///
    /// - Returns: the bytes.
    /// - Throws: ``ImportError`` when it cannot be read; ``SQLiteError`` (`SQLITE_INTERRUPT`) once Ctrl-C was
    ///   pressed, so that reading a folder of thousands of files stops between two.
    func read(_ relative: String) throws -> [UInt8] {
        try SQLiteInterrupt.check()
        do {
            return try FileSystem.contents(of: "\(path)/\(relative)")
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shownPath(relative), error))
        }
    }

    /// The entries of the subfolder `relative`, sorted.
    ///
    /// - Returns: the names.
    /// - Throws: ``ImportError`` when it cannot be listed.
    func list(_ relative: String) throws -> [String] {
        do {
            return try FileSystem.contentsOfDirectory("\(path)/\(relative)").sorted()
        } catch let error as FileSystemError {
            throw ImportError(.cannotRead(shownPath(relative), error))
        }
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
