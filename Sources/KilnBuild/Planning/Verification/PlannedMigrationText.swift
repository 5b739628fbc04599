import Foundation
import Kiln

/// The text verification runs for a plan: the migration file's text (``SchemaPlan/migrationText(header:)``)
/// with each placeholder replaced by its stand-in, comments kept, so a failure's line is the file's line.
enum PlannedMigrationText {
    /// The migration file's text with every placeholder's SQL replaced by its stand-in.
    ///
    /// - Parameters:
    ///   - plan: the steps.
    ///   - header: the file's header comment lines, without `-- `.
    /// - Returns: the text verification runs.
    static func verification(_ plan: SchemaPlan, header: [String]) -> String {
        var standIns = plan
        for index in standIns.steps.indices {
            let placeholders = standIns.steps[index].placeholders
            standIns.steps[index].statements = standIns.steps[index].statements.map { statement in
                placeholders.reduce(statement) { $0.replacingOccurrences(of: $1.sql, with: $1.standIn) }
            }
        }
        return standIns.migrationText(header: header)
    }
}
