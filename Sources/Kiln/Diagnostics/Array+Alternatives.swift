extension Array where Element == String {
    /// The names as a sentence offers a choice of them: `a`, `a or b`, `a, b or c`; empty for none.
    package var spelledAsAlternatives: String {
        guard let last, count > 1 else { return joined() }
        return dropLast().joined(separator: ", ") + " or " + last
    }
}
