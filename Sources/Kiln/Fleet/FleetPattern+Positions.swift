/// A set of positions in a fleet pattern's steps, as bits: the first 64 in one word, so that a walk's step over
/// an entry is a few integer operations, and any further ones (a pattern of more than 63 levels) in words
/// that stay empty, and unallocated, otherwise.
struct FleetPositions: Equatable, Sendable {
    /// Positions 0 to 63.
    private var low: UInt64 = 0
    /// Positions from 64 on, 64 to a word.
    private var high: [UInt64] = []

    /// The empty set.
    init() {}

    /// Whether no position is in the set.
    var isEmpty: Bool { low == 0 && !high.contains { $0 != 0 } }

    /// Whether `position` is in the set.
    func contains(_ position: Int) -> Bool {
        if position < 64 { return low & (1 << UInt64(position)) != 0 }
        let word = position / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(position % 64)) != 0
    }

    /// Adds `position`.
    mutating func insert(_ position: Int) {
        if position < 64 {
            low |= 1 << UInt64(position)
            return
        }
        let word = position / 64 - 1
        while high.count <= word { high.append(0) }
        high[word] |= 1 << UInt64(position % 64)
    }

    /// Removes `position`.
    mutating func remove(_ position: Int) {
        if position < 64 {
            low &= ~(1 << UInt64(position))
        } else if position / 64 - 1 < high.count {
            high[position / 64 - 1] &= ~(1 << UInt64(position % 64))
        }
    }

    /// Adds every position of `other`.
    mutating func formUnion(_ other: FleetPositions) {
        low |= other.low
        guard !other.high.isEmpty else { return }
        while high.count < other.high.count { high.append(0) }
        for (word, bits) in other.high.enumerated() { high[word] |= bits }
    }

    /// Removes and returns the smallest position; nil when the set is empty.
    mutating func popFirst() -> Int? {
        if low != 0 {
            let position = low.trailingZeroBitCount
            low &= low - 1
            return position
        }
        for word in high.indices where high[word] != 0 {
            let bit = high[word].trailingZeroBitCount
            high[word] &= high[word] - 1
            return 64 * (word + 1) + bit
        }
        return nil
    }
}
