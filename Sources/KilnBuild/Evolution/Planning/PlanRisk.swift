import Kiln

/// What a plan step may lose or change, or which existing rows make it fail (the migrator then rolls the
/// migration back): a value a test and a tool can ask, which ``description`` says in the words the plan's
/// file, `kiln plan` and its refusal print. Tables and columns are named as the wanted schema names them.
package enum PlanRisk: Sendable, Equatable, CustomStringConvertible {
    /// The table's rows are dropped (`columns` empty), or the values of those columns.
    case dropsData(table: String, columns: [String])
    /// The rows of a contentless FTS5 table (`content=''`), which cannot be read back to be copied into the
    /// table made again.
    case dropsContentlessRows(table: String)
    /// The values of a kept column change as `change` says.
    case changesValues(table: String, column: String, change: ValueChange)
    /// Existing rows that break `constraint` make the migration fail and roll back.
    case mayFail(table: String, constraint: Constraint)

    /// How the values of a kept column change.
    package enum ValueChange: Sendable, Equatable {
        /// Converted by a placeholder to a narrower type; the types as the plan names them.
        case narrowsType(from: String, to: String)
        /// It becomes NOT NULL: its NULLs get `default`, or (nil) need a value the developer writes.
        case becomesNotNull(default: String?)
        /// It becomes the rowid's alias (`INTEGER PRIMARY KEY`): NULLs need a value, and a value that is not an
        /// integer makes the migration fail.
        case becomesRowID
        /// A stored column becomes generated: its values are replaced by the expression's.
        case becomesGenerated
        /// Its table becomes STRICT, whose `type` refuses the values of these storage classes (`typeof`'s
        /// names) the column may hold: a placeholder converts them.
        case refusedByStrict(type: String, classes: [String])
    }

    /// What rows can break.
    package enum Constraint: Sendable, Equatable {
        /// A new CHECK constraint (``SchemaText`` form).
        case check(String)
        /// A new UNIQUE or PRIMARY KEY constraint, or one stricter than before.
        case unique(SchemaModel.Index)
        /// A new foreign key over columns the table had, whose values were never checked against the parent.
        case foreignKey(SchemaModel.ForeignKey)
        /// A UNIQUE or PRIMARY KEY constraint over a column a placeholder converts (distinct values may become
        /// equal).
        case convertedUnique(SchemaModel.Index)
        /// A UNIQUE index over a column a placeholder converts.
        case convertedIndex(String)
        /// A new UNIQUE index over columns the table had.
        case newUniqueIndex(String)
        /// A UNIQUE index stricter than the one of its name before, as `tightening` says.
        case stricterIndex(String, tightening: IndexTightening)
        /// A column converted exactly but for the values `conversion` finds, at which the copy stops.
        case inexactValues(column: String, ConversionGuard)
    }

    /// How a UNIQUE index became stricter.
    package enum IndexTightening: Sendable, Equatable {
        /// It was not UNIQUE.
        case becomesUnique
        /// Its terms compare with other collations (one per term).
        case collations([String])
        /// Its terms or condition changed.
        case keyChanged
    }

    /// Whether it is a failure on existing rows rather than a loss.
    package var isFailure: Bool {
        if case .mayFail = self { return true }
        return false
    }

    /// The sentence, e.g. `column "note"."pinned" is dropped with its values`.
    package var description: String {
        switch self {
        case .dropsData(let table, let columns):
            guard !columns.isEmpty else { return "table \(quoted(table)) is dropped with its rows" }
            return columns.map { "column \(quoted(table)).\(quoted($0)) is dropped with its values" }.joined(
                separator: "; ")
        case .dropsContentlessRows(let table):
            return "table \(quoted(table)) is dropped with its rows: it is a contentless FTS5 table (content=''), "
                + "whose rows cannot be read back to copy them"
        case .changesValues(let table, let column, let change):
            let subject = "\(quoted(table)).\(quoted(column))"
            switch change {
            case .narrowsType(let from, let to): return "the type of \(subject) narrows from \(from) to \(to)"
            case .becomesNotNull(let value?):
                return "\(subject) becomes NOT NULL: rows where it is NULL get its default, \(value)"
            case .becomesNotNull(nil): return "\(subject) becomes NOT NULL: rows where it is NULL need a value"
            case .becomesRowID:
                return "\(subject) becomes the rowid (INTEGER PRIMARY KEY): rows where it is NULL need a value, and a "
                    + "value that is not an integer makes this migration fail and roll back"
            case .becomesGenerated: return "the values of \(subject) are replaced by its generated expression"
            case .refusedByStrict(let type, let classes):
                return "\(quoted(table)) becomes STRICT, and its \(type) column \(quoted(column)) refuses "
                    + "\(ColumnCopy.classList(classes)) values: a placeholder converts them"
            }
        case .mayFail(let table, let constraint):
            return "\(Self.rows(table, constraint)) make this migration fail and roll back, so clean them in this "
                + "migration before the copy if they can exist"
        }
    }

    /// The rows that break `constraint`, e.g. `rows of "note" that break CHECK (v > 0)`.
    private static func rows(_ table: String, _ constraint: Constraint) -> String {
        let rows = "rows of \(quoted(table))"
        switch constraint {
        case .check(let check): return "\(rows) that break CHECK (\(check))"
        case .unique(let index): return "\(rows) that break \(described(index))"
        case .foreignKey(let key):
            return "\(rows) whose (\(key.columns.map(quoted).joined(separator: ", "))) match no row of "
                + "\(quoted(key.parentTable)) (the new foreign key)"
        case .convertedUnique(let index): return "\(rows) whose converted values repeat in \(described(index))"
        case .convertedIndex(let name): return "\(rows) whose converted values repeat a key of index \(quoted(name))"
        case .newUniqueIndex(let name): return "\(rows) that repeat a key of the new UNIQUE index \(quoted(name))"
        case .inexactValues(let column, let conversion):
            return "\(rows) whose \(quoted(column)) holds \(conversion.lostValues)"
        case .stricterIndex(let name, let tightening):
            let how =
                switch tightening {
                case .becomesUnique: "that becomes UNIQUE"
                case .collations(let collations):
                    "whose key now compares with COLLATE \(collations.joined(separator: ", "))"
                case .keyChanged: "whose key changed"
                }
            return "\(rows) that repeat a key of index \(quoted(name)) \(how)"
        }
    }

    /// `UNIQUE (a, b COLLATE NOCASE DESC)` or `PRIMARY KEY (…)`, names folded and quoted.
    static func described(_ index: SchemaModel.Index) -> String {
        let terms = index.terms.map { term in
            (term.isExpression ? term.expression : quoted(SchemaText.folded(term.expression, upper: false)))
                + (term.collation == "BINARY" ? "" : " COLLATE \(term.collation)") + (term.isDescending ? " DESC" : "")
        }
        return (index.origin == "pk" ? "PRIMARY KEY" : "UNIQUE") + " (\(terms.joined(separator: ", ")))"
    }
}
