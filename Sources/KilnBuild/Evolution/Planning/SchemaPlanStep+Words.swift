import Kiln

extension SchemaPlanStep {
    /// What the step does, in words for people, names quoted as the wanted schema has them: `rebuild table
    /// "item"`, `rename column "item"."name" to "title"`, `add column "item"."stock"`, `create index
    /// "item_name"`. The summary and the header of a planned migration list the steps so.
    package var summary: String {
        switch (kind, change) {
        case (.renameTable, .renameTable(let from, let to)?): return "rename table \(quoted(from)) to \(quoted(to))"
        case (.renameColumn, .modifyTable(_, let new, let changes)?):
            for case .renameColumn(let from, let to) in changes {
                return "rename column \(quoted(new.name)).\(quoted(from)) to \(quoted(to))"
            }
        case (.addColumn, _):
            if let added = addedColumn { return "add column \(quoted(added.table)).\(quoted(added.column))" }
        default: break
        }
        return "\(verb) \(quoted(name))"
    }

    /// The step's kind as a verb and the kind of object it acts on, e.g. `rebuild table`.
    private var verb: String {
        switch kind {
        case .createTable: "create table"
        case .dropTable: "drop table"
        case .renameTable: "rename table"
        case .renameColumn: "rename column"
        case .addColumn: "add column"
        case .rebuildTable: "rebuild table"
        case .createIndex: "create index"
        case .dropIndex: "drop index"
        case .createView: "create view"
        case .dropView: "drop view"
        case .createTrigger: "create trigger"
        case .dropTrigger: "drop trigger"
        }
    }
}
