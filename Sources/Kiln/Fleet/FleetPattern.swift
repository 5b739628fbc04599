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
    /// - Parameters:
    ///   - pattern: the pattern; a relative one is read from `base`.
    ///   - base: the folder a relative pattern starts from, taken literally (a `*` or `[` in it is part of a
    ///     name, never a wildcard); nil for the process's current folder.
    init(parsing pattern: String, base: String? = nil) throws(FleetSelectionError) {
        guard !pattern.isEmpty else { throw FleetSelectionError(.empty, pattern: pattern) }
        let base = pattern.hasPrefix("/") ? nil : base
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.contains("**") && $0 != "**" }) {
            throw FleetSelectionError(.misplacedDoubleStar, pattern: pattern)
        }
        guard let first = components.firstIndex(where: { !Self.wildcards.isDisjoint(with: $0) }) else {
            try self.init(literal: pattern, base: base)
            return
        }
        let start = components[first].startIndex
        let root = start == pattern.startIndex ? "" : Self.trimmingTrailingSlashes(pattern[..<start])
        // `g/*/` names folders: every file below them, as `tenants/` names every file below it.
        let folders: [Substring] = pattern.hasSuffix("/") ? ["**"] : []
        self.init(
            spelledRoot: Self.joined(base, root), steps: Self.steps(Array(components[first...]) + folders), file: nil)
    }

    /// `base/path` with the base taken as it is; `path` alone without a base, `base` alone for an empty path.
    private static func joined(_ base: String?, _ path: String) -> String {
        guard let base, !base.isEmpty else { return path }
        if path.isEmpty { return base }
        return base.hasSuffix("/") ? base + path : "\(base)/\(path)"
    }

    /// A pattern from its parts.
    private init(spelledRoot: String, steps: [String], file: FleetFile?) {
        self.spelledRoot = spelledRoot
        self.steps = steps
        self.file = file
    }

    /// A pattern without a wildcard: a folder to walk whole, or one file.
    private init(literal pattern: String, base: String?) throws(FleetSelectionError) {
        let path = Self.joined(base, Self.trimmingTrailingSlashes(Substring(pattern)))
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
    private static func steps(_ components: [Substring]) -> [String] {
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
