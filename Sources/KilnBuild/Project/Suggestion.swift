/// "Did you mean …?": the closest known word to a mistyped one.
package enum Suggestion {
    /// The candidate within a small edit distance of `word` (1 for words under four letters, else 2 or a
    /// third of its length, whichever is more), or nil.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count < 4 ? 1 : max(2, word.count / 3)
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit else { return nil }
        return best.0
    }

    /// The Levenshtein distance between two strings, by characters.
    package static func distance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
