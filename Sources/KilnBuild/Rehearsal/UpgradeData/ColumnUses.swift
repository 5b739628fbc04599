import Kiln

/// What the whole history says a column holds, by column name: the names read as JSON, as dates and times,
/// compared with numbers, matched with `LIKE` or `GLOB` patterns or kept within lengths, in any statement of any
/// migration (views, triggers, indexes, later `UPDATE`s) or app query. Generated rows follow it at every version,
/// so that a value no app would write (plain text where a later migration calls `strftime`, a file name without
/// the extension every query matches) never fails a later migration. CHECK constraints are left out: a table's
/// own CHECKs speak at its version (``ColumnHints``), and a later CHECK is the claim old rows are tested
/// against, which must not shape them (else it could never fail).
struct ColumnUses: Equatable {
    /// Names passed to a `json_*` function, on the left of `->` or `->>`.
    var json = Set<SQLIdentifierKey>()
    /// Names passed to, or compared with, a date and time function.
    var dates = Set<SQLIdentifierKey>()
    /// Names compared with a number.
    var numbers = Set<SQLIdentifierKey>()
    /// The patterns a name is matched with (`file_name LIKE '%.pdf'`, `code GLOB '[A-Z]*'`; not `NOT LIKE`).
    var patterns: [SQLIdentifierKey: [ColumnHints.Pattern]] = [:]
    /// The lengths a name is kept within (`length(iban) BETWEEN 15 AND 34`, `length(code) = 3`), every use's
    /// range met.
    var lengths: [SQLIdentifierKey: ClosedRange<Int>] = [:]

    /// No use known.
    init() {}

    /// The uses in every statement of `sources` (SQL texts: migrations, app queries).
    init(sources: [String]) {
        for sql in sources { read(sql) }
    }

    /// SQLite's date and time functions.
    static let dateFunctions: Set<String> = [
        "date", "time", "datetime", "julianday", "unixepoch", "strftime", "timediff",
    ]
    private static let comparisons: Set<String> = ["=", "==", "<", ">", "<=", ">=", "<>", "!="]

    private mutating func read(_ sql: String) {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let text = lexer.text(of: tokens[index])
            if lexer.isWord(tokens[index], "check"), index + 1 < tokens.count, lexer.text(of: tokens[index + 1]) == "("
            {
                index = CheckExpression.closingParenthesis(in: tokens, lexer: lexer, from: index + 1)
                continue
            }
            if tokens[index].kind == .word, index + 1 < tokens.count, lexer.text(of: tokens[index + 1]) == "(" {
                let function = text.lowercased()
                if function.hasPrefix("json") { json.formUnion(Self.arguments(tokens, lexer, after: index + 1)) }
                if Self.dateFunctions.contains(function) {
                    dates.formUnion(Self.arguments(tokens, lexer, after: index + 1))
                    dates.formUnion(Self.comparedName(tokens, lexer, before: index))
                }
                if function == "length", let (name, range) = LengthUse.read(tokens, lexer, call: index) {
                    keep(range, for: name)
                }
                continue
            }
            if lexer.isWord(tokens[index], "like") || lexer.isWord(tokens[index], "glob"),
                let pattern = index + 1 < tokens.count ? lexer.literalValue(of: tokens[index + 1]) : nil,
                let name = Self.name(tokens, lexer, at: index - 1), name != "not".identifierKey
            {
                let use: ColumnHints.Pattern = lexer.isWord(tokens[index], "glob") ? .glob(pattern) : .like(pattern)
                if patterns[name]?.contains(use) != true { patterns[name, default: []].append(use) }
            }
            if tokens[index].kind == .symbol, text == "->" || text == "->>",
                let name = Self.name(tokens, lexer, at: index - 1)
            {
                json.insert(name)
            }
            if tokens[index].kind == .number {
                numbers.formUnion(Self.comparedName(tokens, lexer, before: index))
            }
        }
    }

    /// Keeps `range` for `name`, within the ranges of its earlier uses when they overlap.
    private mutating func keep(_ range: ClosedRange<Int>, for name: SQLIdentifierKey) {
        guard let known = lengths[name] else {
            lengths[name] = range
            return
        }
        if known.overlaps(range) { lengths[name] = known.clamped(to: range) }
    }

    /// The plain column names among the arguments of the call whose `(` is at `open` (a qualified
    /// `table.column` counts as its column).
    private static func arguments(_ tokens: [SQLToken], _ lexer: SQLLexer, after open: Int) -> [SQLIdentifierKey] {
        let close = CheckExpression.closingParenthesis(in: tokens, lexer: lexer, from: open)
        var names: [SQLIdentifierKey] = []
        var index = open + 1
        while index < min(close, tokens.count) {
            let isCall = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "("
            let isQualifier = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "."
            if !isCall, !isQualifier, tokens[index].kind != .string, let name = lexer.identifier(of: tokens[index]) {
                names.append(name.identifierKey)
            }
            index += 1
        }
        return names
    }

    /// The column name compared with the operand starting at `operand` (`name < operand`), if any.
    private static func comparedName(_ tokens: [SQLToken], _ lexer: SQLLexer, before operand: Int) -> [SQLIdentifierKey]
    {
        guard operand >= 2, comparisons.contains(lexer.text(of: tokens[operand - 1])) else { return [] }
        return name(tokens, lexer, at: operand - 2).map { [$0] } ?? []
    }

    /// The column name the token at `index` is, when it is a plain name (not a string, number or keyword call).
    private static func name(_ tokens: [SQLToken], _ lexer: SQLLexer, at index: Int) -> SQLIdentifierKey? {
        guard index >= 0, index < tokens.count, tokens[index].kind != .string, tokens[index].kind != .number else {
            return nil
        }
        return lexer.identifier(of: tokens[index])?.identifierKey
    }
}
