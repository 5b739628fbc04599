import Kiln

/// Whether a changed CHECK accepts every row the old one accepted, so a rebuild adding it can lose no row:
/// the one change kiln recognizes is an `IN (…)` list that gains values (a `NOT IN` list that loses them),
/// the usual way a CHECK-guarded enum grows. The two texts must be equal token for token outside that list,
/// and the list must be a term of the CHECK that only `AND`/`OR` combine (no `NOT`, `CASE` or comparison of
/// the term's truth), so that accepting more values there can only accept more rows.
enum CheckWidening {
    /// Whether `wanted` accepts every value `current` accepts, by the rule above (both in ``SchemaText``
    /// form).
    static func widens(_ wanted: String, from current: String) -> Bool {
        let old = Terms(current)
        let new = Terms(wanted)
        guard old.isMonotone, new.isMonotone else { return false }
        let prefix = zip(old.texts, new.texts).prefix { $0 == $1 }.count
        // The first difference must be inside a list `… IN (` opened in the common prefix.
        guard let open = old.listOpening(containing: prefix), open < new.texts.count,
            let oldClose = old.closing(of: open), let newClose = new.closing(of: open),
            old.texts[oldClose...] == new.texts[newClose...]
        else { return false }
        let oldItems = Set(old.items(open + 1, oldClose))
        let newItems = Set(new.items(open + 1, newClose))
        return old.isNegated(listAt: open) ? newItems.isSubset(of: oldItems) : oldItems.isSubset(of: newItems)
    }

    /// A CHECK's tokens as canonical texts (keywords in upper case, names folded, literals as written).
    private struct Terms {
        let texts: [String]

        init(_ text: String) {
            var lexer = SQLLexer(text)
            texts = lexer.tokens().map { SchemaText.canonicalText(of: $0, in: lexer) }
        }

        /// No `NOT` but `IS NOT`, `NOT NULL` and `NOT IN`, no `CASE`/`IIF`, and no comparison operator right
        /// after a closing parenthesis (which could compare a term's truth value).
        var isMonotone: Bool {
            for (index, text) in texts.enumerated() {
                if ["CASE", "IIF"].contains(text) { return false }
                if text == "NOT" {
                    let before = index > 0 ? texts[index - 1] : ""
                    let after = index + 1 < texts.count ? texts[index + 1] : ""
                    if before != "IS" && after != "NULL" && after != "IN" { return false }
                }
                if text == ")", index + 1 < texts.count,
                    ["=", "==", "<>", "!=", "<", ">", "<=", ">="].contains(texts[index + 1])
                {
                    return false
                }
            }
            return true
        }

        /// The `(` of the innermost `IN (` list that `position` lies inside, with nothing nested in it.
        func listOpening(containing position: Int) -> Int? {
            var index = min(position, texts.count) - 1
            while index > 0 {
                if texts[index] == ")" { return nil }
                if texts[index] == "(" { return texts[index - 1] == "IN" ? index : nil }
                index -= 1
            }
            return nil
        }

        /// The `)` closing the `(` at `open`, with no parenthesis between.
        func closing(of open: Int) -> Int? {
            guard open < texts.count, texts[open] == "(" else { return nil }
            var index = open + 1
            while index < texts.count {
                if texts[index] == ")" { return index }
                if texts[index] == "(" { return nil }
                index += 1
            }
            return nil
        }

        /// The comma-separated items between two positions.
        func items(_ start: Int, _ end: Int) -> [String] {
            texts[start..<end].split(separator: ",").map { $0.joined(separator: " ") }
        }

        /// Whether the list at `open` follows `NOT IN`.
        func isNegated(listAt open: Int) -> Bool { open >= 2 && texts[open - 2] == "NOT" }
    }
}
