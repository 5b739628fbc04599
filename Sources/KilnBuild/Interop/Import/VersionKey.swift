/// A version as a source tool orders it: dotted numeric components, each compared as a number of any size
/// (`1.9` before `1.10`, `9` before `10`), shorter before longer when one is a prefix of the other after
/// trailing zero components are dropped (`1` equals `1.0`, as Flyway treats them).
struct VersionKey: Comparable, Hashable, Sendable {
    /// The components' digits without leading zeros (`"0"` for zero), trailing zero components dropped.
    let components: [String]

    /// The key of digit groups, e.g. `["1", "10"]` for Flyway's `1.10`; nil when a group is not all digits.
    init?(_ groups: [Substring]) {
        var parts: [String] = []
        for group in groups {
            guard !group.isEmpty, group.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let significant = group.drop { $0 == "0" }
            parts.append(significant.isEmpty ? "0" : String(significant))
        }
        while parts.count > 1, parts.last == "0" { parts.removeLast() }
        components = parts
    }

    static func < (left: VersionKey, right: VersionKey) -> Bool {
        for (a, b) in zip(left.components, right.components) where a != b {
            return a.count != b.count ? a.count < b.count : a < b
        }
        return left.components.count < right.components.count
    }
}

/// What a source tool sorts its migrations by: numbers for most tools, text compared byte by byte for diesel
/// (its version is a string, `20240313` after `20240306170000`) and dbmate (it sorts the file names).
enum SourceOrder: Comparable, Hashable, Sendable {
    /// A version compared as numbers (sqlx, golang-migrate, goose, Flyway).
    case numbers(VersionKey)
    /// Text compared by its UTF-8 bytes, as Rust's and Go's string comparisons do.
    case text(String)

    /// How the order compares, as the review words it.
    var wording: String {
        switch self {
        case .numbers: "versions compare as numbers"
        case .text: "versions compare as text, character by character"
        }
    }

    static func < (left: SourceOrder, right: SourceOrder) -> Bool {
        switch (left, right) {
        case (.numbers(let a), .numbers(let b)): a < b
        case (.text(let a), .text(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
        // One tool's migrations are all of one kind; numbers first keeps the order total.
        case (.numbers, .text): true
        case (.text, .numbers): false
        }
    }
}
