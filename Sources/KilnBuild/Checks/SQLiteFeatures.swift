import Kiln

/// A SQLite version such as `3.36.0`, ordered.
public struct SQLiteVersion: Comparable, Sendable, CustomStringConvertible {
    /// `3`, `36`, `0`.
    public let major: Int, minor: Int, patch: Int

    /// Parses `3.36.0` (or `3.36`); nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        major = parts[0]!
        minor = parts[1]!
        patch = parts.count == 3 ? parts[2]! : 0
    }

    public static func < (left: SQLiteVersion, right: SQLiteVersion) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}

/// Finds SQL features that need a newer SQLite than an app's oldest supported OS ships, by looking at tokens
/// (so a word inside a string or a comment never counts).
public enum SQLiteFeatures {
    /// One use of a feature.
    public struct Use: Sendable {
        /// The feature's name, e.g. `STRICT tables`.
        public let feature: String
        /// The SQLite version that introduced it.
        public let introduced: SQLiteVersion
        /// Where it is used.
        public let token: SQLToken
    }

    private static let mathFunctions: Set<String> = [
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp",
        "floor",
        "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh",
        "trunc",
    ]

    /// Every feature `statement` uses that needs a SQLite newer than 3.24.0, in token order.
    public static func uses(in statement: SQLStatementRange, lexer: SQLLexer) -> [Use] {
        let tokens = statement.tokens
        func word(_ index: Int) -> String? {
            guard index >= 0, index < tokens.count, tokens[index].kind == .word else { return nil }
            return lexer.text(of: tokens[index]).lowercased()
        }
        func symbol(_ index: Int) -> String? {
            guard index >= 0, index < tokens.count, tokens[index].kind == .symbol else { return nil }
            return lexer.text(of: tokens[index])
        }
        let isCreateTable =
            word(0) == "create"
            && (word(1) == "table" || (word(2) == "table" && ["temp", "temporary"].contains(word(1) ?? "")))
        let isAlterTable = word(0) == "alter" && word(1) == "table"
        var found: [Use] = []
        func add(_ feature: String, _ version: String, _ index: Int) {
            found.append(Use(feature: feature, introduced: SQLiteVersion(version)!, token: tokens[index]))
        }
        var depth = 0
        for index in tokens.indices {
            if let text = symbol(index) {
                if text == "(" { depth += 1 }
                if text == ")" { depth -= 1 }
                if text == "->" || text == "->>" { add("the \(text) operator", "3.38.0", index) }
                continue
            }
            guard let text = word(index) else { continue }
            let calls = symbol(index + 1) == "("
            switch text {
            case "strict" where isCreateTable && depth == 0 && (symbol(index - 1) == ")" || symbol(index - 1) == ","):
                add("STRICT tables", "3.37.0", index)
            case "drop" where isAlterTable:
                add("ALTER TABLE DROP COLUMN", "3.35.0", index)
            case "rename" where isAlterTable && word(index + 1) != "to":
                add("ALTER TABLE RENAME COLUMN", "3.25.0", index)
            case "returning":
                add("RETURNING", "3.35.0", index)
            case _ where calls && mathFunctions.contains(text):
                add("the math function \(text)()", "3.35.0", index)
            case "generated" where word(index + 1) == "always":
                add("generated columns", "3.31.0", index)
            case "as" where (isCreateTable || isAlterTable) && depth >= 1 && calls:
                add("generated columns", "3.31.0", index)
            case "over" where calls || tokens.indices.contains(index + 1) && tokens[index + 1].kind == .word:
                add("window functions", "3.25.0", index)
            case "do" where word(index + 1) == "nothing" || word(index + 1) == "update":
                add("UPSERT (ON CONFLICT … DO)", "3.24.0", index)
            case "nulls" where word(index + 1) == "first" || word(index + 1) == "last":
                add("NULLS FIRST / NULLS LAST", "3.30.0", index)
            case "unixepoch" where calls:
                add("the unixepoch() function", "3.38.0", index)
            case "iif" where calls:
                add("the iif() function", "3.32.0", index)
            default:
                break
            }
        }
        return found
    }
}
