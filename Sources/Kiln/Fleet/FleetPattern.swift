/// A fleet pattern taken apart: the folder a walk starts from, as the pattern spells it, and what each level
/// below it must match. A pattern without a wildcard names either a folder (walked as `folder/**/*`) or a
/// single file (``file``).
struct FleetPattern: Sendable, Equatable {
    /// The root as the pattern spells it, trailing slashes removed (`./t`, `/srv/data`, `/`); empty when the
    /// pattern starts with a wildcard (`*.db`), so that paths stay as short as the pattern wrote them.
    let spelledRoot: String
    /// One `fnmatch(3)` pattern per level below the root, or `**` for any number of folders; never ending in
    /// `**`, and without empty or `.` components. Empty for a single file.
    let steps: [String]
    /// The one file of a pattern that names a file.
    let file: FleetFile?

    /// The root shown to callers: the spelled root, or `.` when the pattern has none.
    var root: String { spelledRoot.isEmpty ? "." : spelledRoot }

    /// The characters that make a component a wildcard.
    private static let wildcards: Set<Character> = ["*", "?", "["]

    /// Takes `pattern` apart, looking at the file system only for a pattern without a wildcard (to tell a
    /// folder from a file).
    ///
    /// - Throws: ``FleetSelectionError`` for an empty pattern, a `**` inside a component, or a pattern without a
    ///   wildcard that names nothing.
    init(parsing pattern: String) throws(FleetSelectionError) {
        guard !pattern.isEmpty else { throw FleetSelectionError(.empty, pattern: pattern) }
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.contains("**") && $0 != "**" }) {
            throw FleetSelectionError(.misplacedDoubleStar, pattern: pattern)
        }
        guard let first = components.firstIndex(where: { !Self.wildcards.isDisjoint(with: $0) }) else {
            try self.init(literal: pattern)
            return
        }
        let start = components[first].startIndex
        self.init(
            spelledRoot: start == pattern.startIndex ? "" : Self.trimmingTrailingSlashes(pattern[..<start]),
            steps: Self.steps(components[first...]), file: nil)
    }

    /// A pattern from its parts.
    private init(spelledRoot: String, steps: [String], file: FleetFile?) {
        self.spelledRoot = spelledRoot
        self.steps = steps
        self.file = file
    }

    /// A pattern without a wildcard: a folder to walk whole, or one file.
    private init(literal pattern: String) throws(FleetSelectionError) {
        let path = Self.trimmingTrailingSlashes(Substring(pattern))
        guard FileSystem.exists(path) else { throw FleetSelectionError(.noSuchFile, pattern: pattern) }
        if FileSystem.isDirectory(path) {
            self.init(spelledRoot: path, steps: ["**", "*"], file: nil)
        } else {
            let file = FleetFile(path: path, relativePath: FileSystem.lastComponent(of: path))
            self.init(spelledRoot: FileSystem.parentDirectory(of: path), steps: [], file: file)
        }
    }

    /// The levels below the root: empty and `.` components dropped (`a//b`, `a/./b`), and a final `**`
    /// completed to `**/*` (every file below).
    private static func steps(_ components: ArraySlice<Substring>) -> [String] {
        var steps = components.filter { !$0.isEmpty && $0 != "." }.map(String.init)
        if steps.last == "**" { steps.append("*") }
        return steps
    }

    /// `path` without trailing slashes, except that a path of slashes only stays `/`.
    private static func trimmingTrailingSlashes(_ path: Substring) -> String {
        var trimmed = path
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.isEmpty && path.hasPrefix("/") ? "/" : String(trimmed)
    }
}
