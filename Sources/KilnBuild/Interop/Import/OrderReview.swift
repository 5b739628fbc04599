/// What the review says about the order: the migrations the tool applies at another place than a reader of the
/// folder would guess, by the file names as a listing shows them or by the versions read as numbers. kiln
/// imports in the tool's order (the one the deployed databases ran); each such migration is named, with where
/// the other reading would have put it, so that a history whose names changed shape half-way
/// (`2024-03-13_170000_x` among `2024-03-06-170000_y`, `9_` beside `000010_`) is looked at before it is adopted.
enum OrderReview {
    /// A way of reading the folder's order that is not the tool's.
    private struct Reading {
        /// How the review words it.
        let wording: String
        /// Whether `a` comes before `b` in it.
        let precedes: (SourceMigration, SourceMigration) -> Bool
    }

    /// The notes for `ordered`, the migrations in the tool's order.
    ///
    /// - Returns: one note per migration placed differently by another reading, in kiln's order.
    static func notes(_ ordered: [SourceMigration], tool: ForeignTool, in folder: SourceFolder) -> [ImportNote] {
        var moved: [Int: (reading: Reading, neighbor: Neighbor)] = [:]
        for reading in readings(of: ordered) {
            let alternative = ordered.indices.sorted { a, b in
                reading.precedes(ordered[a], ordered[b]) || (!reading.precedes(ordered[b], ordered[a]) && a < b)
            }
            for index in displaced(alternative) where moved[index] == nil {
                moved[index] = (reading, neighbor(of: index, in: alternative))
            }
        }
        let widths = Dictionary(grouping: ordered, by: { digitCount($0) }).mapValues(\.count)
        let usualWidth = widths.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        return moved.keys.sorted().compactMap { index in
            guard let (reading, neighbor) = moved[index] else { return nil }
            let migration = ordered[index]
            let width = digitCount(migration)
            let shape =
                width != usualWidth && usualWidth != nil
                ? " (its version has \(width) digits, most have \(usualWidth ?? 0))" : ""
            let after = index > 0 ? ", after \(folder.shownPath(ordered[index - 1].file))" : ", first"
            let other =
                switch neighbor {
                case .before(let other): "before \(folder.shownPath(ordered[other].file))"
                case .after(let other): "after \(folder.shownPath(ordered[other].file))"
                }
            return ImportNote(
                "\(tool.rawValue) applies this migration as version \(index + 1)\(after) (\(migration.order.wording))"
                    + "; \(reading.wording) it would come \(other)\(shape): kiln keeps \(tool.rawValue)'s order, the "
                    + "one your databases ran",
                at: folder.location(migration.file))
        }
    }

    /// The readings to compare with: the file names, and for a tool comparing text, the versions as numbers.
    private static func readings(of ordered: [SourceMigration]) -> [Reading] {
        var readings = [
            Reading(wording: "ordered by file name") { $0.file.utf8.lexicographicallyPrecedes($1.file.utf8) }
        ]
        if case .text = ordered.first?.order {
            readings.append(
                Reading(wording: "read as numbers") { a, b in
                    guard let left = numbers(a), let right = numbers(b) else { return false }
                    return left < right
                })
        }
        return readings
    }

    /// The tracked version's digits as a number.
    private static func numbers(_ migration: SourceMigration) -> VersionKey? {
        VersionKey([Substring(migration.trackedVersion.filter(\.isNumber))])
    }

    /// How many digits the version has.
    private static func digitCount(_ migration: SourceMigration) -> Int {
        migration.trackedVersion.filter(\.isNumber).count
    }

    /// The migration next to one in another reading: the one it comes before, or for the last, after.
    private enum Neighbor {
        /// It comes right before this migration (a position in the tool's order).
        case before(Int)
        /// It is last, right after this one.
        case after(Int)
    }

    /// Where the migration at `index` (of the tool's order) sits in `alternative`.
    private static func neighbor(of index: Int, in alternative: [Int]) -> Neighbor {
        guard let position = alternative.firstIndex(of: index) else { return .after(index) }
        return position + 1 < alternative.count
            ? .before(alternative[position + 1]) : .after(alternative[max(0, position - 1)])
    }

    /// The tool positions not in a longest increasing run of `alternative` (tool positions in another
    /// reading's order): the fewest migrations whose moving explains the difference.
    ///
    /// - Returns: those positions; empty when both orders agree.
    static func displaced(_ alternative: [Int]) -> Set<Int> {
        // Patience sorting: tails[k] is the position in `alternative` ending the best run of length k + 1.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: alternative.count)
        for (position, value) in alternative.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if alternative[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var kept = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            kept.insert(alternative[position])
            position = previous[position]
        }
        return Set(alternative).subtracting(kept)
    }
}
