/// The order Prisma Migrate applies its migration folders in: the CLI sorts their names with JavaScript's
/// `localeCompare`, Unicode collation rather than code points. For the names Prisma writes (digits, `_`,
/// ASCII letters) that is: punctuation before digits before letters, letters compared without case first
/// (`a` and `A` tie, then lowercase first), and characters compared one by one, never as numbers, so
/// `1_a` comes before `10_b` while plain byte order puts it after.
enum PrismaNameOrder {
    /// The ASCII punctuation and symbols in the collation's order; they all come before digits and letters.
    private static let punctuation = Array("_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$")

    /// Whether `left` comes before `right`.
    static func precedes(_ left: String, _ right: String) -> Bool {
        let (a, b) = (key(left), key(right))
        if a.primary != b.primary { return a.primary.lexicographicallyPrecedes(b.primary) }
        if a.caseLevel != b.caseLevel { return a.caseLevel.lexicographicallyPrecedes(b.caseLevel) }
        return Array(left.utf16).lexicographicallyPrecedes(Array(right.utf16))
    }

    /// Whether Prisma's order and plain byte order disagree about the names, sorted Prisma's way.
    static func differsFromByteOrder(_ sorted: [String]) -> Bool {
        sorted != sorted.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Each character's rank (case folded), then whether each is uppercase; characters outside ASCII rank
    /// after every ASCII one, by code point.
    private static func key(_ name: String) -> (primary: [Int], caseLevel: [Int]) {
        var primary: [Int] = []
        var caseLevel: [Int] = []
        for scalar in name.unicodeScalars {
            let character = Character(scalar)
            let lower = Character(String(character).lowercased())
            if let index = punctuation.firstIndex(of: character) {
                primary.append(index)
            } else if scalar.isASCII, character.isNumber {
                primary.append(100 + Int(scalar.value))
            } else if scalar.isASCII, character.isLetter {
                primary.append(200 + Int(lower.unicodeScalars.first?.value ?? 0))
            } else {
                primary.append(1000 + Int(scalar.value))
            }
            caseLevel.append(character.isUppercase ? 1 : 0)
        }
        return (primary, caseLevel)
    }
}
