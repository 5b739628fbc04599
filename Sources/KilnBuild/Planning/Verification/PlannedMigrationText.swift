import Foundation
import Kiln

/// The text of the migration file `kiln plan` writes, and the text its verification runs: the same lines,
/// except that each placeholder is replaced by its stand-in, so a verification failure's line is the file's.
enum PlannedMigrationText {
    /// The migration file: `header` as `-- ` lines, then each step's comments and statements.
    ///
    /// - Parameters:
    ///   - plan: the steps.
    ///   - header: comment lines, without `-- `.
    /// - Returns: the file's text, ending with a newline.
    static func migration(_ plan: SchemaPlan, header: [String]) -> String {
        var text = header.map(commentLine).joined()
        for step in plan.steps {
            text += "\n"
            text += step.comments.map(commentLine).joined()
            text += step.statements.map { $0 + ";\n" }.joined()
        }
        return text
    }

    /// The migration file with every placeholder's SQL replaced by its stand-in.
    ///
    /// - Returns: the text verification runs.
    static func verification(_ plan: SchemaPlan, header: [String]) -> String {
        var standIns = plan
        for index in standIns.steps.indices {
            let placeholders = standIns.steps[index].placeholders
            standIns.steps[index].statements = standIns.steps[index].statements.map { statement in
                placeholders.reduce(statement) { $0.replacingOccurrences(of: $1.sql, with: $1.standIn) }
            }
        }
        return migration(standIns, header: header)
    }

    /// `-- text`, or `--` for an empty line.
    private static func commentLine(_ text: String) -> String {
        text.isEmpty ? "--\n" : "-- \(text)\n"
    }
}
