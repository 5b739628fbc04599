import KilnBuild

@testable import Kiln

extension SchemaPlanStep {
    /// An `ADD COLUMN` step as the planner makes it: named `table.column`, keeping the change that adds the
    /// column to the table (which is where the step's table and column are read from, never its SQL).
    static func addingColumn(_ column: String, to table: String, statement: String) -> SchemaPlanStep {
        let old = SchemaModel.Table(
            name: table, columns: [], checks: [], foreignKeys: [], uniqueConstraints: [], isWithoutRowID: false,
            isStrict: false, isAutoincrement: false)
        let added = SchemaModel.Column(
            name: column, declaredType: "INTEGER", isNotNull: false, primaryKeyPosition: 0, hidden: 0)
        var new = old
        new.columns.append(added)
        return SchemaPlanStep(
            .addColumn, name: "\(table).\(column)",
            change: .modifyTable(old: old, new: new, changes: [.addColumn(added)]), statements: [statement])
    }
}
