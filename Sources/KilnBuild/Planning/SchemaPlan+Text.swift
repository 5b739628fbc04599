extension SchemaPlan {
    /// The migration file's text: `header` as comment lines (each written after `-- `; an empty one as `--`),
    /// a blank line, then each step with its comments as `-- ` lines and its statements each ended by `;`,
    /// steps separated by blank lines. A `-- kiln:allow` comment is the last comment before its statement.
    ///
    /// - Parameter header: the comment lines that open the file, without `-- `.
    /// - Returns: the text, ending in a newline.
    public func migrationText(header: [String]) -> String {
        let opening = header.map(Self.commentLine).joined()
        let body = steps.map { step in
            step.comments.map(Self.commentLine).joined() + step.statements.map { $0 + ";\n" }.joined()
        }.joined(separator: "\n")
        return opening.isEmpty ? body : opening + "\n" + body
    }

    /// This plan with every placeholder replaced by its stand-in in its step's statements (each step's own, so
    /// two tables' placeholders of the same text keep their stand-ins): what verification runs.
    public var withStandIns: SchemaPlan {
        var copy = self
        for index in copy.steps.indices {
            let placeholders = copy.steps[index].placeholders
            copy.steps[index].statements = copy.steps[index].statements.map { statement in
                placeholders.reduce(statement) { $0.replacingOccurrences(of: $1.sql, with: $1.standIn) }
            }
        }
        return copy
    }

    /// The statements verification runs: ``withStandIns``'s, without comments, each ended by `;`.
    public var verificationText: String {
        withStandIns.steps.flatMap { $0.statements.map { $0 + ";\n" } }.joined()
    }

    private static func commentLine(_ line: String) -> String { line.isEmpty ? "--\n" : "-- \(line)\n" }
}
