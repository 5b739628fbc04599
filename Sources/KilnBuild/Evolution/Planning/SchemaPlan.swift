import Kiln

/// The migration `kiln plan` writes: the steps that turn the current schema into the wanted one, in the
/// order they run, with what each may lose and the expressions the developer must fill in.
package struct SchemaPlan: Sendable, Equatable {
    /// The steps, in the order they run.
    package var steps: [SchemaPlanStep]
    /// The columns whose values the migration carries over, for verification.
    package var keptColumns: [KeptColumn]

    /// A plan from its parts.
    package init(steps: [SchemaPlanStep] = [], keptColumns: [KeptColumn] = []) {
        self.steps = steps
        self.keptColumns = keptColumns
    }

    /// Whether the two schemas are already the same: nothing to write.
    package var isEmpty: Bool { steps.isEmpty }
    /// Every placeholder the developer must fill, in order.
    package var placeholders: [PlanPlaceholder] { steps.flatMap(\.placeholders) }
    /// What each data-losing step loses, in order, one sentence per step.
    package var dataLosses: [String] { steps.compactMap(\.dataLoss) }
    /// Every step's risks, in order.
    package var risks: [PlanRisk] { steps.flatMap(\.risks) }
}

/// One step of a ``SchemaPlan``: one object created, dropped, altered or rebuilt.
package struct SchemaPlanStep: Sendable, Equatable {
    /// What the step does.
    package enum Kind: String, Sendable, Equatable {
        case createTable, dropTable, renameTable, renameColumn, addColumn, rebuildTable
        case createIndex, dropIndex, createView, dropView, createTrigger, dropTrigger
    }

    /// What the step does.
    package var kind: Kind
    /// The object it is about (a table's wanted name for a rebuild).
    package var name: String
    /// Comment lines written above the statements, without `-- `.
    package var comments: [String]
    /// The SQL statements, each without its final semicolon.
    package var statements: [String]
    /// The schema change the step carries out (for a table extended column by column, the table's change
    /// narrowed to the one column it adds); nil for an object dropped and created again only because what it
    /// depends on is rebuilt.
    package var change: SchemaChange?
    /// What the step may lose or change, or which existing rows make it fail (the migrator then rolls the
    /// migration back); empty when it keeps every value and fails on no row. `kiln plan` writes a step with a
    /// risk only with `--allow-data-loss`.
    package var risks: [PlanRisk]
    /// The expressions the developer must fill in before the migration runs.
    package var placeholders: [PlanPlaceholder]
    /// Whether each row keeps its rowid (true but for a rebuild whose new `INTEGER PRIMARY KEY` is a column
    /// that was not the old table's rowid, as `INT PRIMARY KEY` becoming `INTEGER PRIMARY KEY`: each row's
    /// rowid then becomes its key, so rows can be compared by their columns only).
    package var keepsRowIDs = true

    /// A step from its parts.
    package init(
        _ kind: Kind, name: String, change: SchemaChange? = nil, comments: [String] = [], statements: [String],
        risks: [PlanRisk] = [], placeholders: [PlanPlaceholder] = []
    ) {
        self.kind = kind
        self.name = name
        self.change = change
        self.comments = comments
        self.statements = statements
        self.risks = risks
        self.placeholders = placeholders
    }

    /// Its risks in one sentence (`; ` between them), or nil when it has none.
    package var dataLoss: String? { risks.isEmpty ? nil : risks.map(\.description).joined(separator: "; ") }

    /// The table (as the statement names it) and the column an `ADD COLUMN` step adds, from its change.
    package var addedColumn: (table: String, column: String)? {
        guard kind == .addColumn, case .modifyTable(let old, _, let changes) = change,
            case .addColumn(let column)? = changes.first
        else { return nil }
        return (old.name, column.name)
    }
}

/// An expression kiln will not guess (a value converted to a narrower type, a value for rows that are
/// `NULL` in a column that becomes `NOT NULL`), written into the migration as a call of
/// ``functionName``, which no database has: `kiln migrate` fails at it, located, until the developer
/// replaces it.
package struct PlanPlaceholder: Sendable, Equatable {
    /// `kiln_placeholder`.
    package static let functionName = "kiln_placeholder"

    /// What the developer must write, e.g. `convert "price" from TEXT to INTEGER`.
    package var description: String
    /// The SQL written into the migration, e.g. `kiln_placeholder('convert "price" from TEXT to INTEGER')`.
    package var sql: String
    /// An expression verification runs in its place (so the rest of the plan can be proven).
    package var standIn: String

    /// A placeholder from its parts.
    package init(description: String, sql: String, standIn: String) {
        self.description = description
        self.sql = sql
        self.standIn = standIn
    }
}

/// A column whose values a plan carries from the current schema to the wanted one.
package struct KeptColumn: Sendable, Equatable {
    /// The table in the current schema.
    package var sourceTable: String
    /// The column in the current schema.
    package var sourceColumn: String
    /// The table in the wanted schema.
    package var table: String
    /// The column in the wanted schema.
    package var column: String
    /// Whether its values are converted (another type affinity, a placeholder): verification then does not
    /// require them to be equal.
    package var isConverted: Bool

    /// A kept column from its parts.
    package init(sourceTable: String, sourceColumn: String, table: String, column: String, isConverted: Bool = false) {
        self.sourceTable = sourceTable
        self.sourceColumn = sourceColumn
        self.table = table
        self.column = column
        self.isConverted = isConverted
    }
}
