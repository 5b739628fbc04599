extension MigrationSetError.ReleasedFiles {
    /// The hint for a gap or a shared version once it is known which files shipped: a file that shipped is
    /// never the one told to move (devices recorded its version); one that did not is named with its new name.
    ///
    /// - Returns: nil for other problems, and when the record leaves nothing to decide.
    func hint(for reason: MigrationSetError.Reason, at location: SourceLocation) -> String? {
        switch reason {
        case .versionGap(let previous, let next, _, let nextFile):
            if shipped.contains(nextFile) {
                return
                    "'\(nextFile)' shipped (kiln.sum records it), so never rename it: add a comment-only placeholder for "
                    + (next - previous == 2
                        ? "version \(previous + 1)" : "each of versions \(previous + 1) to \(next - 1)")
                    + ", e.g. '\(MigrationFileName.make(version: previous + 1, words: ["placeholder"]))'"
            }
            return
                "'\(nextFile)' is not in kiln.sum, so it never shipped: rename it to '\(Self.renumbered(nextFile, to: previous + 1))'"
        case .duplicateVersion(_, let others):
            let file = String(location.path.split(separator: "/").last ?? "")
            return duplicateHint(file: file, others: others)
        default:
            return nil
        }
    }

    /// Which of the files sharing a version moves: one that never shipped, to the version after the newest.
    private func duplicateHint(file: String, others: [String]) -> String? {
        let unshipped = ([file] + others).filter { !shipped.contains($0) }.sorted()
        guard !unshipped.isEmpty, unshipped.count <= others.count else { return nil }  // all shipped, or none
        guard let index = unshipped.firstIndex(of: file) else {
            return "'\(file)' shipped (kiln.sum records it), so keep it: rename "
                + unshipped.map { "'\($0)'" }.joined(separator: ", ") + " instead"
        }
        return "'\(file)' is not in kiln.sum, so it never shipped: rename it to '"
            + Self.renumbered(file, to: newestVersion + 1 + Int32(index)) + "'"
    }

    /// `file` with its version digits replaced by `version`, as wide as they were (`0007_x.sql` → `0012_x.sql`).
    static func renumbered(_ file: String, to version: Int32) -> String {
        let digits = file.prefix { $0.isASCII && $0.isNumber }
        let number = String(version)
        return String(repeating: "0", count: max(0, digits.count - number.count)) + number
            + file.dropFirst(digits.count)
    }
}
