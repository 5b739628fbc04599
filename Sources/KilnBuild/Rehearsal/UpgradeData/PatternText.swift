/// Text that matches a GLOB or LIKE pattern a CHECK names, varied by a serial number so that rows differ: each
/// character class (`[0-9]`) is one digit of the serial in the class's own base, counted from the right, and the
/// first wildcard (`*`, `%`) is the serial itself.
struct PatternText {
    /// One position of the pattern.
    private enum Element {
        /// Fixed text.
        case literal(String)
        /// The first wildcard: the serial.
        case serial
        /// One of a class's members.
        case oneOf([String])
    }

    private let elements: [Element]

    /// The text for GLOB `pattern` (case-sensitive, `*`, `?`, `[...]` with ranges and `^`).
    init(glob pattern: String) {
        var elements: [Element] = []
        var characters = Array(pattern)[...]
        var wildcardUsed = false
        while let next = characters.popFirst() {
            switch next {
            case "*":
                elements.append(wildcardUsed ? .literal("") : .serial)
                wildcardUsed = true
            case "?": elements.append(.literal("a"))
            case "[":
                let members = Self.classMembers(&characters).map(String.init)
                elements.append(members.count == 1 ? .literal(members[0]) : .oneOf(members))
            default: elements.append(.literal(String(next)))
            }
        }
        self.elements = elements
    }

    /// The text for LIKE `pattern` (`%`, `_`; ASCII case ignored, so the letters are kept as written).
    init(like pattern: String) {
        var elements: [Element] = []
        var wildcardUsed = false
        for character in pattern {
            switch character {
            case "%":
                elements.append(wildcardUsed ? .literal("") : .serial)
                wildcardUsed = true
            case "_": elements.append(.literal("a"))
            default: elements.append(.literal(String(character)))
            }
        }
        self.elements = elements
    }

    /// The text for row `serial`: digits of `serial` choose among a class's members (rightmost first).
    ///
    /// - Returns: text the pattern matches.
    func text(serial: Int64) -> String {
        var remaining = serial.magnitude
        var chosen: [String] = []
        for element in elements.reversed() {
            switch element {
            case .literal(let text): chosen.append(text)
            case .serial: chosen.append(String(serial))
            case .oneOf(let members):
                let count = UInt64(members.count)
                chosen.append(members[Int(remaining % count)])
                remaining /= count
            }
        }
        return chosen.reversed().joined()
    }

    /// The members of a `[...]` class whose `[` was just read, consuming up to its `]`; for a negated class,
    /// a character outside it.
    private static func classMembers(_ characters: inout ArraySlice<Character>) -> [Character] {
        var negated = false
        if characters.first == "^" {
            negated = true
            characters.removeFirst()
        }
        var members: [Character] = []
        var first = true
        while let next = characters.popFirst() {
            if next == "]" && !first { break }
            first = false
            if characters.first == "-", characters.count > 1, characters.dropFirst().first != "]",
                let low = next.unicodeScalars.first?.value,
                let high = characters.dropFirst().first?.unicodeScalars.first?.value, low <= high, high - low < 256
            {
                characters.removeFirst(2)
                members += (low...high).compactMap { Unicode.Scalar($0).map(Character.init) }
            } else {
                members.append(next)
            }
        }
        guard negated else { return members.isEmpty ? ["a"] : members }
        return [["a", "0", "x", "Z", "_"].first { !members.contains($0) } ?? "~"]
    }
}
