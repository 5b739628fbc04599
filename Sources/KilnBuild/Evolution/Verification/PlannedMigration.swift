import Foundation
import Kiln

/// The next migration of a database as `kiln plan` writes it, proven on data first.
package struct PlannedMigration: Sendable {
    /// The steps.
    package let plan: SchemaPlan
    /// The migration's version: one after the newest.
    package let version: Int32
    /// Its file name, e.g. `0004_add_column_price_to_item.sql`.
    package let fileName: String
    /// The file's text: a header comment, then the steps.
    package let text: String
    /// What verification proved.
    package let verification: PlanVerification

    /// Where the file's text writes each placeholder's call (UTF-8 byte ranges), in order.
    package var placements: [PlanFileText.Placement] = []
    /// The app queries it breaks, written anyway (`--allow-query-breaks`); empty when it breaks none.
    package var brokenQueries: [BrokenQuery] = []

    /// Each placeholder the developer must fill, where the file has it (the path is the file name): the line
    /// and column of the first byte of its call, from ``placements``.
    package var placeholderLocations: [(placeholder: PlanPlaceholder, location: SourceLocation)] {
        let source = SourceText(path: fileName, bytes: Array(text.utf8))
        return placements.map { ($0.placeholder, source.location(ofByte: $0.bytes.lowerBound)) }
    }

    /// The longest slug of a default file name (``slugWords(of:)``): far below the 255 bytes a file name may
    /// have, however long the names it is made of.
    package static let maximumSlugLength = 100

    /// The words of the default file name, from the steps: the first step that changes a table (else the first
    /// step), and how many more there are, e.g. `add column price to item and 2 more`.
    ///
    /// - Returns: the words; `["migration"]` for an empty plan.
    package static func slugWords(of plan: SchemaPlan) -> [String] {
        let secondary: Set<SchemaPlanStep.Kind> = [
            .createIndex, .dropIndex, .createView, .dropView, .createTrigger, .dropTrigger,
        ]
        let primary = plan.steps.filter { !secondary.contains($0.kind) }
        guard let main = primary.first ?? plan.steps.first else { return ["migration"] }
        let others = (primary.isEmpty ? plan.steps : primary).count - 1
        return words(of: main) + (others > 0 ? ["and", "\(others)", "more"] : [])
    }

    /// What one step does, in a few words.
    private static func words(of step: SchemaPlanStep) -> [String] {
        switch step.kind {
        case .createTable, .createIndex, .createView, .createTrigger: ["create", step.name]
        case .dropTable, .dropIndex, .dropView, .dropTrigger: ["drop", step.name]
        case .renameTable: ["rename", "table", step.name]
        case .renameColumn: ["rename", "column", step.name]
        case .rebuildTable: ["change", step.name]
        case .addColumn:
            step.addedColumn.map { ["add", "column", $0.column, "to", $0.table] } ?? ["add", "column", step.name]
        }
    }
}
