import Kiln

/// One side of a plan: a database's ``SchemaModel`` (without the shadow tables of virtual tables), each
/// object's stored `CREATE` statement as `sqlite_schema` keeps it, and the order the objects were created in.
struct PlanSchema {
    /// The semantic model.
    var model: SchemaModel
    /// The stored `CREATE` statement of each table, index, view and trigger, by folded name.
    var sql: [SQLIdentifierKey: String]
    /// Each object's place in `sqlite_schema` (its creation order), by folded name.
    var order: [SQLIdentifierKey: Int]
    /// The comments taken out of each object's statement (``withoutComments(on:)``), by folded name.
    var comments: [SQLIdentifierKey: [String]] = [:]
    /// The objects whose statements keep their comments: SQLite reads them as part of the definition.
    var commentsKept: Set<SQLIdentifierKey> = []

    /// The table named `name` (as SQLite compares names), or nil.
    func table(_ name: String) -> SchemaModel.Table? {
        model.tables.first { $0.name.identifierKey == name.identifierKey }
    }

    /// Whether any table, index, view or trigger is named `name`.
    func hasObject(named name: String) -> Bool { sql[name.identifierKey] != nil }

    /// Reads the `main` schema of `connection`.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func read(_ connection: SQLiteConnection) throws -> PlanSchema {
        var model = try SchemaModel.read(from: connection)
        let rows = try connection.rows(
            sql: "SELECT name, sql FROM main.sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
        var sql: [SQLIdentifierKey: String] = [:]
        var order: [SQLIdentifierKey: Int] = [:]
        for (position, row) in rows.enumerated() {
            guard case .text(let name) = row[0], case .text(let text) = row[1] else { continue }
            sql[name.identifierKey] = text
            order[name.identifierKey] = position
        }
        // FTS and R*Tree keep their data in shadow tables that their virtual table creates and drops itself.
        model.tables.removeAll(where: \.isShadow)
        return PlanSchema(model: model, sql: sql, order: order)
    }
}
