import Kiln

/// The names a plan takes away from the schema, which a query may still use: tables and columns renamed by
/// `--rename`, and tables, views, indexes and columns dropped for good.
struct PlanRemovals {
    /// What kind of object a name is.
    enum Kind: String {
        case table, column, view, index
    }

    /// One name the plan takes away.
    struct Removal: Equatable {
        /// What it names.
        var kind: Kind
        /// The table of a column, as the schema before the plan names it; nil for any other kind.
        var table: String?
        /// The name before the plan.
        var name: String
        /// The new name of a rename; nil for a drop.
        var renamedTo: String?

        /// E.g. `--rename item.name=title renames column "item"."name" to "title"`, or `the plan drops table
        /// "legacy"`.
        var description: String {
            let subject = "\(kind.rawValue) " + (table.map { "\(quoted($0))." } ?? "") + quoted(name)
            guard let renamedTo else { return "the plan drops \(subject)" }
            let option = table.map { SchemaRename.column(table: $0, from: name, to: renamedTo) }
            return "--rename \(option ?? .table(from: name, to: renamedTo)) renames \(subject) to \(quoted(renamedTo))"
        }
    }

    /// What the plan takes away, in step order.
    let removals: [Removal]

    /// The removals of `plan`: an object dropped and created again under the same name (a view over a
    /// rebuilt table, a virtual table replaced) is not one.
    init(_ plan: SchemaPlan) {
        let created = Set(
            plan.steps.filter { [.createTable, .createView, .createIndex].contains($0.kind) }.map(\.name.identifierKey))
        var removals: [Removal] = []
        for step in plan.steps {
            switch (step.kind, step.change) {
            case (.renameTable, .renameTable(let from, let to)?):
                removals.append(Removal(kind: .table, name: from, renamedTo: to))
            case (.renameColumn, .modifyTable(let old, _, let changes)?),
                (.rebuildTable, .modifyTable(let old, _, let changes)?):
                for change in changes {
                    if case .renameColumn(let from, let to) = change {
                        removals.append(Removal(kind: .column, table: old.name, name: from, renamedTo: to))
                    } else if case .dropColumn(let column) = change {
                        removals.append(Removal(kind: .column, table: old.name, name: column.name))
                    }
                }
            case (.dropTable, _), (.dropView, _), (.dropIndex, _):
                guard !created.contains(step.name.identifierKey) else { continue }
                let kind: Kind = step.kind == .dropTable ? .table : step.kind == .dropView ? .view : .index
                removals.append(Removal(kind: kind, name: step.name))
            default: continue
            }
        }
        self.removals = removals
    }

    /// The removal SQLite's `message` is about (`no such column: i.name`, `no such table: main.legacy`,
    /// `ambiguous column name: title`): one whose old or new name is the name the message ends with (a
    /// column's without its qualifier), of a kind the message speaks of.
    func removal(namedIn message: String) -> Removal? {
        let kinds: [(prefix: String, kinds: Set<Kind>)] = [
            ("no such column: ", [.column]), ("ambiguous column name: ", [.column]),
            ("no such table: ", [.table, .view]), ("no such index: ", [.index]),
        ]
        guard let (prefix, wanted) = kinds.first(where: { message.hasPrefix($0.prefix) }) else { return nil }
        let named = String(message.dropFirst(prefix.count))
        let name = String(named.split(separator: ".").last ?? Substring(named))
        return removals.first { removal in
            wanted.contains(removal.kind)
                && ([removal.name] + (removal.renamedTo.map { [$0] } ?? [])).contains { $0.isSameIdentifier(as: name) }
        }
    }
}
