import Kiln

/// A `-- kiln:allow <rule>[, <rule>...] [-- reason]` comment: the rules it names, and a finding for each name
/// that is not a rule.
struct LintAllowComment {
    /// The comment's first byte (its `--`).
    let offset: Int
    /// The rules it allows.
    let rules: Set<LintRule>
    /// Unknown or missing rule names, with "did you mean".
    let problems: [CheckFinding]

    /// The directive that starts a comment.
    static let directive = "kiln:allow"

    /// The allow comment `comment` of `source` is, or nil when it is another comment.
    init?(_ comment: SQLLineComment, in source: SourceText) {
        let bytes = source.bytes
        var index = comment.range.lowerBound + 2
        while index < comment.range.upperBound && Self.isBlank(bytes[index]) { index += 1 }
        let rest = bytes[index..<comment.range.upperBound]
        guard rest.starts(with: Self.directive.utf8) else { return nil }
        index += Self.directive.utf8.count
        guard index == comment.range.upperBound || Self.isBlank(bytes[index]) else { return nil }
        offset = comment.range.lowerBound
        var end = comment.range.upperBound
        // A reason may follow a second `--`.
        if let reason = Self.find([UInt8(ascii: "-"), UInt8(ascii: "-")], in: bytes, index..<end) { end = reason }
        var rules = Set<LintRule>()
        var problems: [CheckFinding] = []
        for piece in Self.pieces(of: bytes, index..<end) {
            let name = String(decoding: bytes[piece], as: UTF8.self)
            if let rule = LintRule(rawValue: name) {
                rules.insert(rule)
            } else {
                let firstWord = String(name.prefix { $0 != " " && $0 != "\t" })
                let suggestion = Suggestion.closest(to: firstWord, among: LintRule.names)
                problems.append(
                    CheckFinding(
                        .unknownLintRule(name: name, suggestion: suggestion),
                        at: source.location(ofByte: piece.lowerBound)))
            }
        }
        if rules.isEmpty && problems.isEmpty {
            problems.append(
                CheckFinding(.unknownLintRule(name: "", suggestion: nil), at: source.location(ofByte: offset)))
        }
        self.rules = rules
        self.problems = problems
    }

    /// The comma-separated pieces of `range`, without surrounding blanks; empty pieces are dropped.
    private static func pieces(of bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for index in range.lowerBound...range.upperBound
        where index == range.upperBound || bytes[index] == UInt8(ascii: ",") {
            var low = start
            var high = index
            while low < high && isBlank(bytes[low]) { low += 1 }
            while high > low && isBlank(bytes[high - 1]) { high -= 1 }
            if low < high { result.append(low..<high) }
            start = index + 1
        }
        return result
    }

    /// The first offset of `needle` in `range`, or nil.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.count >= needle.count else { return nil }
        return (range.lowerBound...(range.upperBound - needle.count)).first {
            bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
