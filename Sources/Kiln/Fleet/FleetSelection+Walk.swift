#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// The depth-first walk behind ``FleetSelection/Iterator``: a stack of open folders, one per level, each with
/// the pattern positions still possible in it. Every folder is read once and every entry looked at once, so
/// no file is listed twice even when `**` could match it more than one way (`**/x/**/*.db`).
struct FleetWalk {
    /// One open folder of the walk.
    struct Frame {
        /// The folder, read one entry at a time.
        let stream: DirectoryStream
        /// Its path as the pattern spells it (empty for a root the pattern left out).
        let path: String
        /// Its path below the root (empty for the root).
        let relativePath: String
        /// The positions in ``FleetWalk/steps`` its entries may match, `**` steps followed by the next one.
        let states: FleetPositions
    }

    /// One `fnmatch` pattern, or `**`, per level below the root.
    let steps: [String]
    /// Whether each step is `**`.
    private let isDoubleStar: [Bool]
    /// Each position followed through `**` (see ``closures(of:)``).
    private let closures: [FleetPositions]
    /// Only files of this slice are listed.
    let shard: FleetShard?
    /// The root as spelled; nil once the walk has started.
    private var pendingRoot: String?
    /// The one file of a pattern naming a file, until it is listed.
    private var pendingFile: FleetFile?
    /// The open folders, outermost first.
    private(set) var stack: [Frame] = []
    /// How many entries the walk has looked at, to check for Ctrl-C every so many.
    private var visited = 0

    /// A walk that has not opened anything yet.
    init(_ pattern: FleetPattern, shard: FleetShard?) {
        self.steps = pattern.steps
        self.isDoubleStar = pattern.steps.map { $0 == "**" }
        self.closures = Self.closures(of: pattern.steps)
        self.shard = shard
        if let file = pattern.file {
            pendingFile = file
        } else {
            pendingRoot = pattern.spelledRoot
        }
    }

    /// The next file of the shard, or nil at the end.
    mutating func next() -> FleetFile? {
        if let file = pendingFile {
            pendingFile = nil
            return offered(file)
        }
        if let root = pendingRoot {
            pendingRoot = nil
            if let problem = start(at: root) { return problem }
        }
        while let frame = stack.last {
            let entry: DirectoryStream.Entry?
            do throws(FileSystemError) {
                entry = try frame.stream.next()
            } catch {
                finishFolder()
                if let file = offered(folder: frame, error: error) { return file }
                continue
            }
            guard let entry else {
                finishFolder()
                continue
            }
            visited += 1
            // Ctrl-C ends a long walk through entries that match nothing: the run that lists is interrupted
            // anyway, and says how many files it had listed.
            if visited % 1024 == 0, SQLiteInterrupt.isRequested {
                while !stack.isEmpty { finishFolder() }
                return nil
            }
            if let file = visit(entry, in: frame) { return file }
        }
        return nil
    }

    /// Opens the root; a root that went away since the pattern was read is listed with its problem.
    private mutating func start(at root: String) -> FleetFile? {
        do throws(FileSystemError) {
            let stream = try DirectoryStream(opening: root.isEmpty ? "." : root)
            stack.append(Frame(stream: stream, path: root, relativePath: "", states: closures[0]))
            return nil
        } catch {
            return offered(FleetFile(path: root.isEmpty ? "." : root, relativePath: ".", problem: error))
        }
    }

    /// Closes the innermost folder and leaves it.
    private mutating func finishFolder() {
        stack.removeLast().stream.close()
    }

    /// Looks at one entry: enters it, lists it, or passes it by.
    private mutating func visit(_ entry: DirectoryStream.Entry, in frame: Frame) -> FleetFile? {
        var ahead = advance(frame.states, over: entry.name)
        guard !ahead.isEmpty else { return nil }
        let accepted = ahead.contains(steps.count)
        ahead.remove(steps.count)
        let path = Self.joined(frame.path, entry.name)
        let relativePath = frame.relativePath.isEmpty ? entry.name : "\(frame.relativePath)/\(entry.name)"
        // A name that is not UTF-8 cannot be opened by its string: listed with the problem, never dropped.
        if !entry.isExactName, accepted || (entry.kind == .directory && !ahead.isEmpty) {
            let problem = FileSystemError(.list, path: path, code: EILSEQ)
            return offered(FleetFile(path: path, relativePath: relativePath, problem: problem))
        }
        if entry.kind == .directory, !ahead.isEmpty {
            do throws(FileSystemError) {
                let stream = try frame.stream.openSubfolder(named: entry.name, path: path)
                stack.append(Frame(stream: stream, path: path, relativePath: relativePath, states: ahead))
                return nil
            } catch {
                guard !error.isMissing else { return nil }
                return offered(FleetFile(path: path, relativePath: relativePath, problem: error))
            }
        }
        guard accepted, !Self.isSideFile(entry.name) else { return nil }
        guard !Self.isFolder(entry, at: path) else {
            // A folder the pattern names as a file (`*.db` and a folder `old.db`) is listed as refused, so the
            // run says why it was left alone; one the pattern may still walk into (`**`) is passed by.
            guard ahead.isEmpty else { return nil }
            let refusal = FileSystemError(.open, path: path, notARegularFile: .directory)
            return offered(FleetFile(path: path, relativePath: relativePath, problem: refusal))
        }
        return offered(FleetFile(path: path, relativePath: relativePath))
    }

    /// Whether an entry is a folder, or a symbolic link to one: a fleet is made of files, so a folder the
    /// last component matches is never migrated (as `find -type f` would not list it).
    private static func isFolder(_ entry: DirectoryStream.Entry, at path: String) -> Bool {
        switch entry.kind {
        case .directory?: true
        case .symbolicLink?: FileSystem.kind(of: path) == .directory
        default: false
        }
    }

    /// The positions reached from `states` by one entry called `name`, each followed through `**`.
    private func advance(_ states: FleetPositions, over name: String) -> FleetPositions {
        var next = FleetPositions()
        let hidden = name.utf8.first == UInt8(ascii: ".")
        var remaining = states
        while let state = remaining.popFirst(), state < steps.count {
            if isDoubleStar[state] {
                if !hidden { next.formUnion(closures[state]) }
            } else if fnmatch(steps[state], name, FNM_PERIOD) == 0 {
                next.formUnion(closures[state + 1])
            }
        }
        return next
    }

    /// For each position (the end included), itself and every position a run of `**` from it may skip to (a
    /// `**` may match no folder at all).
    private static func closures(of steps: [String]) -> [FleetPositions] {
        var closures = Array(repeating: FleetPositions(), count: steps.count + 1)
        for position in (0...steps.count).reversed() {
            closures[position].insert(position)
            if position < steps.count, steps[position] == "**" { closures[position].formUnion(closures[position + 1]) }
        }
        return closures
    }

    /// The file if the walk has no shard or the shard holds it, else nil.
    private func offered(_ file: FleetFile) -> FleetFile? {
        shard.map { $0.contains(file) } ?? true ? file : nil
    }

    /// A folder whose reading failed part-way, listed with the error.
    private func offered(folder frame: Frame, error: FileSystemError) -> FleetFile? {
        let path = frame.path.isEmpty ? "." : frame.path
        let relativePath = frame.relativePath.isEmpty ? "." : frame.relativePath
        return offered(FleetFile(path: path, relativePath: relativePath, problem: error))
    }

    /// `folder/name`, where an empty folder is the current one and `/` is not doubled.
    private static func joined(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
    }

    /// Whether `name` is one of SQLite's files beside a database: a rollback journal, a WAL or its index.
    private static func isSideFile(_ name: String) -> Bool {
        name.hasSuffix("-journal") || name.hasSuffix("-wal") || name.hasSuffix("-shm")
    }
}
