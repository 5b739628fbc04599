import Kiln

/// The text a new migration file starts with (`kiln new`, `kiln init`): comments only, so kiln treats it as a
/// placeholder version until it holds SQL.
package enum MigrationTemplate {
    /// The comments of migration `version` of `database`, described by `words`, each one line whatever the
    /// words hold (``SQLText/lineComments(_:)``).
    package static func text(version: Int32, database: String, words: [String]) -> String {
        SQLText.lineComments([
            "Migration \(version) of \(database): \(words.joined(separator: " "))",
            "",
            "Write the SQL that brings the database from version \(version - 1) to \(version). kiln runs this file",
            "in one transaction and sets PRAGMA user_version itself; do not add BEGIN/COMMIT or version pragmas.",
        ]) + "\n"
    }
}
