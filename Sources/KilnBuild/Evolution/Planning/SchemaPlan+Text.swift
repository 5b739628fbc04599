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
    package func migrationText(header: [String]) -> String { migrationFile(header: header).text }

    /// ``migrationText(header:)`` with the UTF-8 byte range each placeholder's call takes in it, in order:
    /// each step's placeholders are placed, in order, in that step's own statements as each is written, never
    /// looked for in the finished text (where a name or a comment may hold the same words).
    ///
    /// - Parameter header: the comment lines that open the file, without `-- `.
    /// - Returns: the text and each placeholder's byte range in it.
    package func migrationFile(header: [String]) -> PlanFileText {
        var text = SQLText.lineComments(header)
        if !text.isEmpty { text += "\n" }
        var placed: [PlanFileText.Placement] = []
        for (number, step) in steps.enumerated() {
            if number > 0 { text += "\n" }
            text += SQLText.lineComments(step.comments)
            var pending = step.placeholders[...]
            for statement in step.statements {
                let written = Array((SQLText.statement(statement) + "\n").utf8)
                let start = text.utf8.count
                var cursor = 0
                while let placeholder = pending.first,
                    let at = Self.offset(of: placeholder.sql, in: written, from: cursor)
                {
                    let length = placeholder.sql.utf8.count
                    placed.append(
                        PlanFileText.Placement(placeholder: placeholder, bytes: start + at..<start + at + length))
                    cursor = at + length
                    pending.removeFirst()
                }
                text += String(decoding: written, as: UTF8.self)
            }
        }
        return PlanFileText(text: text, placeholders: placed)
    }

    /// Where `needle`'s bytes first occur in `bytes` at or after `start`.
    private static func offset(of needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
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

/// A plan's migration file: its text, and where in that text each placeholder's call is written.
package struct PlanFileText: Sendable, Equatable {
    /// A placeholder and the UTF-8 byte range of its `kiln_placeholder(…)` call in ``PlanFileText/text``.
    package struct Placement: Sendable, Equatable {
        /// The placeholder.
        package var placeholder: PlanPlaceholder
        /// Its call's bytes in the text.
        package var bytes: Range<Int>
    }

    /// The file's text.
    package var text: String
    /// Every placeholder the plan writes, in file order.
    package var placeholders: [Placement]
}
