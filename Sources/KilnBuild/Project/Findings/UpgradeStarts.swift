/// The starting versions an upgrade finding affects: a database at each of them, holding data, shows the
/// problem when it is migrated. Worded as compressed ranges, e.g. "versions 1–3, 7, 9–12".
package struct UpgradeStarts: Sendable, Equatable, CustomStringConvertible {
    /// The affected versions, ascending and distinct.
    package private(set) var versions: [Int32]
    /// Earlier versions that were not tried because trying every one would have cost too much; the finding
    /// may affect them too.
    package private(set) var untried: ClosedRange<Int32>?

    /// The starts `versions` (in any order, repeats allowed), with `untried` versions when some were skipped.
    package init(_ versions: some Sequence<Int32>, untried: ClosedRange<Int32>? = nil) {
        self.versions = Array(Set(versions)).sorted()
        self.untried = untried
    }

    /// Adds the versions of `other`, keeping every untried range's span.
    mutating func formUnion(_ other: UpgradeStarts) {
        versions = Array(Set(versions).union(other.versions)).sorted()
        switch (untried, other.untried) {
        case (let mine?, let theirs?):
            untried = min(mine.lowerBound, theirs.lowerBound)...max(mine.upperBound, theirs.upperBound)
        case (nil, let theirs): untried = theirs
        default: break
        }
    }

    /// The versions as ranges: consecutive versions are one range.
    package var ranges: [ClosedRange<Int32>] {
        var ranges: [ClosedRange<Int32>] = []
        for version in versions {
            if let last = ranges.last, last.upperBound + 1 == version {
                ranges[ranges.count - 1] = last.lowerBound...version
            } else {
                ranges.append(version...version)
            }
        }
        return ranges
    }

    /// "version 4", "versions 1–3, 7, 9–12", with "(… not tried)" when some were skipped.
    package var description: String {
        let words = ranges.map { range in
            range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
        }
        let plural = versions.count == 1 ? "version" : "versions"
        let listed = versions.isEmpty ? "" : "\(plural) \(words.joined(separator: ", "))"
        guard let untried else { return listed }
        let skipped =
            untried.count == 1
            ? "version \(untried.lowerBound)" : "versions \(untried.lowerBound)–\(untried.upperBound)"
        return listed.isEmpty
            ? "\(skipped) (not tried one by one)" : "\(listed) and maybe more (\(skipped) not tried one by one)"
    }
}
