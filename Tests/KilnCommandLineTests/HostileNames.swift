import Kiln

/// Names made to break SQL text that quotes them carelessly: quotes of every kind, brackets, backticks, line
/// breaks (LF, CR, CRLF, NEL, U+2028, U+2029), comment openers and closers, `;`, statements, other control
/// characters, non-ASCII, bidirectional controls, template placeholders, keywords, empty-ish and very long
/// names. SplitMix64, so a seed always gives the same names and a failure names the seed that reproduces it.
struct HostileNames: RandomNumberGenerator {
    /// The pieces names are made of.
    static let fragments = [
        "'", "''", "\"", "\"\"", "`", "[", "]", "[x]", "\n", "\r", "\r\n", "*/", "/*", "--", ";", "\u{2028}",
        "\u{2029}", "\u{85}", "\u{1}", "\u{7}", "\u{8}", "\t", "\u{B}", "\u{C}", "\u{1B}[31m", "\u{7F}", "\u{9B}",
        "\u{202E}", "\u{2066}", "é", "É", "日本", "😀", "e\u{301}", " ", "DELETE FROM victim;",
        "\nDROP TABLE victim;\n--", "END;", "BEGIN", "$1", "?", ":a", "@b", "${x}", "{{ .Env }}", "\\", "\\n", "=",
        ".", ",", "(", ")", "x", "id", "kiln:allow drop-table", "*", "%",
    ]
    /// Keywords, some only in some places (`key`, `end`), and words SQLite may read as values or the rowid.
    static let keywords = [
        "select", "TABLE", "order", "Group", "key", "end", "BEGIN", "rowid", "true", "null", "from", "index", "on",
        "trigger", "view", "default", "check", "replace",
    ]

    private var state: UInt64

    /// The names of `seed`.
    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// One name: mostly a few fragments, sometimes a keyword in any case, an empty-ish name or a very long one.
    mutating func name() -> String {
        switch Int.random(in: 0..<100, using: &self) {
        case 0..<12:
            let word = Self.keywords.randomElement(using: &self) ?? "select"
            return Bool.random(using: &self) ? word.uppercased() : word
        case 12..<17: return ["", " ", "\t", "\n", "\r\n"].randomElement(using: &self) ?? ""
        case 17..<22:
            let length = Int.random(in: 300...2500, using: &self)
            var long = ""
            while long.count < length { long += Self.fragments.randomElement(using: &self) ?? "x" }
            return long
        default:
            return (0..<Int.random(in: 1...4, using: &self)).map { _ in
                Self.fragments.randomElement(using: &self) ?? "x"
            }.joined()
        }
    }

    /// `count` names no two of which SQLite takes for the same (ASCII case aside), none among `taken`, none
    /// holding any of `excluded`, and none that SQLite keeps for itself (`sqlite_…`).
    mutating func distinct(
        _ count: Int, avoiding taken: Set<SQLIdentifierKey> = [], excluding excluded: [String] = []
    ) -> [String] {
        var keys = taken
        var names: [String] = []
        while names.count < count {
            let name = self.name()
            guard !name.lowercased().hasPrefix("sqlite_"), !excluded.contains(where: name.contains),
                keys.insert(name.identifierKey).inserted
            else { continue }
            names.append(name)
        }
        return names
    }
}
