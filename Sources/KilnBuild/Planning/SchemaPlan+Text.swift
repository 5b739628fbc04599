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

    /// The statements verification runs: the migration's, without comments, with every placeholder replaced
    /// by its stand-in (each step's own, so two tables' placeholders of the same text keep their stand-ins).
    public var verificationText: String {
        steps.flatMap { step in
            step.statements.map { statement in
                step.placeholders.reduce(statement) { text, placeholder in
                    text.replacingOccurrences(of: placeholder.sql, with: placeholder.standIn)
                } + ";\n"
            }
        }.joined()
    }

    private static func commentLine(_ line: String) -> String { line.isEmpty ? "--\n" : "-- \(line)\n" }
}
