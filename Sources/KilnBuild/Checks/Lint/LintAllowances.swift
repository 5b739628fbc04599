import Kiln

/// The rules `-- kiln:allow` comments silence in one SQL file, statement by statement.
///
/// A comment belongs to a statement when it stands in the comment-only text right before it (since the end of
/// the previous statement's line), or at the end of the statement's first line, after its last token when the
/// statement fits on that line. A comment inside a statement past its first line, after a longer statement's
/// last token, or after the last statement belongs to none, which is an error (it would silence nothing).
struct LintAllowances {
    /// The allowed rules of each statement, by index.
    private let rules: [Set<LintRule>]
    /// Allow comments naming no rule or an unknown one.
    let problems: [CheckFinding]

    /// Reads the allow comments of `source`, split into `statements`.
    init(source: SourceText, statements: [SQLStatementRange]) {
        var rules = Array(repeating: Set<LintRule>(), count: statements.count)
        var problems: [CheckFinding] = []
        for comment in SQLLineComment.all(in: source.bytes) {
            guard let allow = LintAllowComment(comment, in: source) else { continue }
            problems += allow.problems
            if let index = Self.owner(of: allow.offset, source: source, statements: statements) {
                rules[index].formUnion(allow.rules)
            } else {
                problems.append(CheckFinding(.lintAllowMisplaced, at: source.location(ofByte: allow.offset)))
            }
        }
        self.rules = rules
        self.problems = problems
    }

    /// Whether the statement at `index` allows `rule`.
    ///
    /// - Returns: true when an allow comment of that statement names the rule.
    func allows(_ rule: LintRule, statementAt index: Int) -> Bool {
        index < rules.count && rules[index].contains(rule)
    }

    /// The index of the statement a comment at `offset` belongs to, or nil.
    private static func owner(of offset: Int, source: SourceText, statements: [SQLStatementRange]) -> Int? {
        let line = source.location(ofByte: offset).line
        let next = statements.firstIndex { $0.range.upperBound > offset }
        if let next, statements[next].range.lowerBound <= offset {
            // Inside a statement: only on its first line.
            return source.location(ofByte: statements[next].range.lowerBound).line == line ? next : nil
        }
        let previous = (next ?? statements.count) - 1
        if previous >= 0 {
            let statement = statements[previous].range
            if source.location(ofByte: statement.lowerBound).line == line { return previous }
            // After a longer statement's last line: neither its first line nor comment-only text.
            if source.location(ofByte: statement.upperBound - 1).line == line { return nil }
        }
        return next
    }
}
