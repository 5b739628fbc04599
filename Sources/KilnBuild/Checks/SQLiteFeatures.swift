import Kiln

/// Finds SQL features that need a newer SQLite than an app's oldest supported OS ships, by looking at tokens
/// (so a word inside a string or a comment never counts).
package enum SQLiteFeatures {
    /// One use of a feature.
    package struct Use: Sendable {
        /// The feature's name, e.g. `STRICT tables`.
        package let feature: String
        /// The SQLite version that introduced it.
        package let introduced: SQLiteVersion
        /// Where it is used.
        package let token: SQLToken
    }

    private static let mathFunctions: Set<String> = [
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh", "degrees", "exp",
        "floor",
        "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians", "sin", "sinh", "sqrt", "tan", "tanh",
        "trunc",
    ]

    /// Every feature `statement` uses that needs a SQLite newer than 3.24.0, in token order.
    ///
    /// - Returns: each use, with the token it is at.
    package static func uses(in statement: SQLStatementRange, lexer: SQLLexer) -> [Use] {
        let scan = StatementScan(tokens: statement.tokens, lexer: lexer)
        var found: [Use] = []
        var depth = 0
        for index in scan.tokens.indices {
            let feature: (name: String, introduced: SQLiteVersion)?
            if let text = scan.symbol(index) {
                if text == "(" { depth += 1 }
                if text == ")" { depth -= 1 }
                feature = text == "->" || text == "->>" ? ("the \(text) operator", SQLiteVersion(3, 38, 0)) : nil
            } else {
                feature = scan.feature(atWord: index, depth: depth)
            }
            if let feature {
                found.append(Use(feature: feature.name, introduced: feature.introduced, token: scan.tokens[index]))
            }
        }
        return found
    }

    /// One statement's tokens, read by position.
    private struct StatementScan {
        let tokens: [SQLToken]
        let lexer: SQLLexer
        let isCreateTable: Bool
        let isAlterTable: Bool

        init(tokens: [SQLToken], lexer: SQLLexer) {
            self.tokens = tokens
            self.lexer = lexer
            func word(_ index: Int) -> String? {
                guard index < tokens.count, tokens[index].kind == .word else { return nil }
                return lexer.text(of: tokens[index]).identifierKey.description
            }
            isCreateTable =
                word(0) == "create"
                && (word(1) == "table" || (word(2) == "table" && ["temp", "temporary"].contains(word(1) ?? "")))
            isAlterTable = word(0) == "alter" && word(1) == "table"
        }

        /// The word at `index` with its ASCII letters lowercased, as SQLite reads keywords,, or nil for another token or none.
        func word(_ index: Int) -> String? {
            guard tokens.indices.contains(index), tokens[index].kind == .word else { return nil }
            return lexer.text(of: tokens[index]).identifierKey.description
        }

        /// The symbol at `index`, or nil for another token or none.
        func symbol(_ index: Int) -> String? {
            guard tokens.indices.contains(index), tokens[index].kind == .symbol else { return nil }
            return lexer.text(of: tokens[index])
        }

        /// The feature the word at `index` starts, at parenthesis depth `depth`.
        ///
        /// - Returns: the feature's name and the version that introduced it, or nil.
        func feature(atWord index: Int, depth: Int) -> (name: String, introduced: SQLiteVersion)? {
            guard let text = word(index) else { return nil }
            let calls = symbol(index + 1) == "("
            let next = word(index + 1)
            switch text {
            case "strict" where isCreateTable && depth == 0 && (symbol(index - 1) == ")" || symbol(index - 1) == ","):
                return ("STRICT tables", SQLiteVersion(3, 37, 0))
            case "drop" where isAlterTable: return ("ALTER TABLE DROP COLUMN", SQLiteVersion(3, 35, 0))
            case "rename" where isAlterTable && next != "to":
                return ("ALTER TABLE RENAME COLUMN", SQLiteVersion(3, 25, 0))
            case "returning": return ("RETURNING", SQLiteVersion(3, 35, 0))
            case _ where calls && SQLiteFeatures.mathFunctions.contains(text):
                return ("the math function \(text)()", SQLiteVersion(3, 35, 0))
            case "generated" where next == "always": return ("generated columns", SQLiteVersion(3, 31, 0))
            case "as" where (isCreateTable || isAlterTable) && depth >= 1 && calls:
                return ("generated columns", SQLiteVersion(3, 31, 0))
            case "over" where calls || next != nil: return ("window functions", SQLiteVersion(3, 25, 0))
            case "do" where next == "nothing" || next == "update":
                return ("UPSERT (ON CONFLICT … DO)", SQLiteVersion(3, 24, 0))
            case "nulls" where next == "first" || next == "last":
                return ("NULLS FIRST / NULLS LAST", SQLiteVersion(3, 30, 0))
            case "unixepoch" where calls: return ("the unixepoch() function", SQLiteVersion(3, 38, 0))
            case "iif" where calls: return ("the iif() function", SQLiteVersion(3, 32, 0))
            default: return nil
            }
        }
    }
}
