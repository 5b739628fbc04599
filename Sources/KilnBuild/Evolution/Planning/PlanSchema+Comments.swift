import Kiln

extension PlanSchema {
    /// This schema with the comments written inside each object's statement taken out (``StatementComments``)
    /// wherever SQLite reads the statement without them as the same object, and kept in ``comments`` for the
    /// migration to write above it. SQLite is asked, not guessed: a comment between the words of a column's
    /// type is part of the type (`BIG /* int */ THING` has INTEGER affinity) and one inside a view's unaliased
    /// result column part of its name, so each statement without comments is run in place of the object on
    /// `connection`, the database this schema was read from, in a savepoint that is rolled back, and kept only
    /// when the object it makes has the same model. An object whose statement differs keeps its comments
    /// (``commentsKept``).
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    func withoutComments(on connection: SQLiteConnection) throws -> PlanSchema {
        var schema = self
        for (key, sql) in sql.sorted(by: { (order[$0.key] ?? 0) < (order[$1.key] ?? 0) }) {
            let statement = StatementComments(sql)
            guard statement.text != sql, let object = object(key) else { continue }
            if try makesSame(object, with: statement.text, on: connection) {
                schema.sql[key] = statement.text
                schema.comments[key] = statement.comments
            } else {
                schema.commentsKept.insert(key)
            }
        }
        return schema
    }

    /// `step` with what the schema file's comments became: the comments taken out of the statement of the
    /// object it creates or rebuilds, each on a line of its own before the step's `kiln:allow` comments (a
    /// comment that reads `kiln:allow …` stays words); or the note that they stay in it. A step that writes no
    /// statement of the schema file (a full-text index rebuilt, whose table is unchanged) gets none.
    func withSchemaFileComments(_ step: SchemaPlanStep) -> SchemaPlanStep {
        let writesStatement =
            [.createTable, .createIndex, .createView, .createTrigger].contains(step.kind)
            || (step.kind == .rebuildTable && step.change != nil)
        guard writesStatement else { return step }
        let key = step.name.identifierKey
        var lines = (comments[key] ?? []).map { "schema file comment: \($0)" }
        if commentsKept.contains(key) {
            lines.append(
                "its statement keeps the schema file's comments: SQLite reads them as part of it (in a column's "
                    + "type, or in the name of a view's column)")
        }
        guard !lines.isEmpty else { return step }
        var step = step
        let allows = step.comments.firstIndex { $0.hasPrefix("kiln:allow ") } ?? step.comments.endIndex
        step.comments.insert(contentsOf: lines, at: allows)
        return step
    }

    /// The kind of schema object a statement makes, as `DROP` names it.
    private enum ObjectKind: String {
        case table = "TABLE"
        case index = "INDEX"
        case view = "VIEW"
        case trigger = "TRIGGER"

        /// Whether the object `key` names has the same model in `one` and `other`.
        func isSame(_ key: SQLIdentifierKey, in one: SchemaModel, as other: SchemaModel) -> Bool {
            func same<Object: Equatable>(_ objects: KeyPath<SchemaModel, [Object]>, _ name: KeyPath<Object, String>)
                -> Bool
            {
                let find = { (model: SchemaModel) in
                    model[keyPath: objects].first { $0[keyPath: name].identifierKey == key }
                }
                return find(one) == find(other)
            }
            switch self {
            case .table: return same(\.tables, \.name)
            case .index: return same(\.indexes, \.name)
            case .view: return same(\.views, \.name)
            case .trigger: return same(\.triggers, \.name)
            }
        }
    }

    /// The kind and name of the object `key` names, for its `DROP`; nil for a shadow table.
    private func object(_ key: SQLIdentifierKey) -> (kind: ObjectKind, name: String)? {
        if let table = model.tables.first(where: { $0.name.identifierKey == key }) { return (.table, table.name) }
        if let index = model.indexes.first(where: { $0.name.identifierKey == key }) { return (.index, index.name) }
        if let view = model.views.first(where: { $0.name.identifierKey == key }) { return (.view, view.name) }
        if let trigger = model.triggers.first(where: { $0.name.identifierKey == key }) {
            return (.trigger, trigger.name)
        }
        return nil
    }

    /// Whether `statement`, run in place of `object` on `connection`, makes an object with the same model.
    private func makesSame(
        _ object: (kind: ObjectKind, name: String), with statement: String, on connection: SQLiteConnection
    ) throws -> Bool {
        try connection.execute(sql: "SAVEPOINT kiln_plan_comments")
        defer { try? connection.execute(sql: "ROLLBACK TO kiln_plan_comments; RELEASE kiln_plan_comments") }
        do {
            try connection.execute(sql: "DROP \(object.kind.rawValue) \(quoted(object.name))")
            try connection.execute(sql: statement)
        } catch is SQLiteError {
            return false
        }
        return object.kind.isSame(object.name.identifierKey, in: try SchemaModel.read(from: connection), as: model)
    }
}
