import Kiln

extension SchemaPlan {
    /// The migration file's text: `header` as comment lines (each written after `-- `; an empty one as `--`),
    /// a blank line, then each step with its comments as `-- ` lines and its statements each ended by `;`,
    /// steps separated by blank lines. A `-- kiln:allow` comment is the last comment before its statement.
    /// Comments and statements are written by ``SQLText``'s rule: a comment is one line whatever it quotes
    /// (a line break in a name is written `\n`), and each statement ends at its own `;`.
    ///
    /// - Parameter header: the comment lines that open the file, without `-- `.
    /// - Returns: the text, ending in a newline.
    package func migrationText(header: [String]) -> String {
        let opening = SQLText.lineComments(header)
        let body = steps.map { step in
            SQLText.lineComments(step.comments) + step.statements.map { SQLText.statement($0) + "\n" }.joined()
        }.joined(separator: "\n")
        return opening.isEmpty ? body : opening + "\n" + body
    }

    /// ``migrationText(header:)``, checked to split back (as SQLite splits it) into exactly the plan's
    /// statements, in order: nothing a name, value or comment holds can add, end or merge one.
    ///
    /// - Throws: ``SchemaPlanError`` naming the step whose statements do not read back (a fault of kiln).
    /// - Returns: the text.
    package func checkedMigrationText(header: [String]) throws -> String {
        let text = migrationText(header: header)
        let statements = steps.flatMap { step in step.statements.map { (step, $0) } }
        guard let mismatch = SQLText.mismatch(in: text, expected: statements.map(\.1)) else { return text }
        var step = statements.last?.0
        if case .statement(let index, _, _) = mismatch, index < statements.count { step = statements[index].0 }
        throw SchemaPlanError(
            .unsupported(
                object: step.map { quoted($0.name) } ?? "the schema",
                reason: "the migration kiln wrote for it does not read back as its statements (\(mismatch)); "
                    + "nothing was written, and this is a bug in kiln: please report it with the schema file"))
    }

    /// This plan with every placeholder replaced by its stand-in in its step's statements (each step's own, so
    /// two tables' placeholders of the same text keep their stand-ins): what verification runs.
    package var withStandIns: SchemaPlan {
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
    package var verificationText: String {
        withStandIns.steps.flatMap { $0.statements.map { SQLText.statement($0) + "\n" } }.joined()
    }
}
