import Kiln

extension PlanBuilder {
    /// Plans indexes: those removed or changed are dropped (unless their table goes away with them), those new
    /// or changed and every index of a rebuilt table are created.
    mutating func planIndexes() {
        var dropped: [SchemaPlanStep] = []
        for index in current.model.indexes where !replacedTables.contains(index.table.identifierKey) {
            guard let change = change(ofIndex: index.name) else { continue }
            dropped.append(
                SchemaPlanStep(
                    .dropIndex, name: index.name, change: change, comments: ["drop index \(quoted(index.name))"],
                    statements: ["DROP INDEX \(quoted(index.name))"]))
        }
        drops += dropped
        for index in wanted.model.indexes {
            let change = change(ofIndex: index.name)
            if change == nil, !replacedTables.contains(index.table.identifierKey) { continue }
            let failure = stricterUniqueness(index).map { PlanRisk.mayFail(table: index.table, constraint: $0) }
            recreates.append(
                SchemaPlanStep(
                    .createIndex, name: index.name, change: change,
                    comments: ["create index \(quoted(index.name))"] + (failure.map { ["data loss: \($0)"] } ?? []),
                    statements: [wanted.sql[index.name.identifierKey] ?? ""], risks: failure.map { [$0] } ?? []))
        }
    }

    /// What existing rows can do to a UNIQUE index: one over a column a placeholder converts may meet keys
    /// that became equal; one the old schema did not already enforce (``UniqueKey``: no old UNIQUE index,
    /// constraint or rowid alias on the table covers a subset of its terms) may meet repeated keys, when it
    /// was not UNIQUE before under its name, or its key changed (another collation, as when its column becomes
    /// `COLLATE NOCASE`, other terms, another condition), or it is new on an existing table. Nil when the old
    /// schema enforced it, on a new table, or over columns the table did not have only (their rows hold NULL
    /// or one default, which the copy's own UNIQUE checks the same way on every device).
    private func stricterUniqueness(_ index: SchemaModel.Index) -> PlanRisk.Constraint? {
        guard index.isUnique, let table = current.table(index.table) else { return nil }
        let narrowed = narrowedColumns[index.table.identifierKey] ?? []
        if index.terms.contains(where: { !$0.isExpression && narrowed.contains($0.expression.identifierKey) }) {
            return .convertedIndex(index.name)
        }
        let alias = table.rowIDAlias?.name
        let guarantees = UniqueKey.guarantees(of: table, rowIDAlias: alias, indexes: current.model.indexes)
        if UniqueKey.isGuaranteed(index, by: guarantees) { return nil }
        guard let old = current.model.indexes.first(where: { $0.name.isSameIdentifier(as: index.name) }) else {
            let existing = Set(table.columns.map(\.name.identifierKey))
            let readsOldColumns = index.terms.contains {
                $0.isExpression || existing.contains($0.expression.identifierKey)
            }
            return readsOldColumns ? .newUniqueIndex(index.name) : nil
        }
        let collations = index.terms.map(\.collation)
        let tightening: PlanRisk.IndexTightening =
            !old.isUnique
            ? .becomesUnique
            : old.terms.map(\.expression) == index.terms.map(\.expression) && old.terms.map(\.collation) != collations
                ? .collations(collations) : .keyChanged
        return .stricterIndex(index.name, tightening: tightening)
    }

    /// The change that adds, drops or changes the index named `name`; nil when both schemas define it the same.
    private func change(ofIndex name: String) -> SchemaChange? {
        changes.first { change in
            switch change {
            case .addIndex(let index), .dropIndex(let index), .changeIndex(_, let index, _):
                index.name.isSameIdentifier(as: name)
            default: false
            }
        }
    }

    /// Plans views and triggers. Those removed or changed, those that read a table or view whose definition
    /// goes away while the migration runs, and those on such a table or view are dropped first: `ALTER TABLE
    /// … RENAME` re-reads the whole schema and fails on one that no longer resolves. The wanted ones among
    /// them, and the new ones, are created last, views in the order they read each other.
    mutating func planViewsAndTriggers() {
        var views = Set(
            current.model.views.filter { view in
                !Self.same(view, wanted.model.views) || !PlanOrder.mentions(view.sql).isDisjoint(with: replacedTables)
            }.map(\.name.identifierKey))
        var triggers: Set<SQLIdentifierKey> = []
        var changed = true
        while changed {
            let affected = replacedTables.union(views)
            let before = views.count + triggers.count
            for view in current.model.views where !PlanOrder.mentions(view.sql).isDisjoint(with: affected) {
                views.insert(view.name.identifierKey)
            }
            for trigger in current.model.triggers
            where !Self.same(trigger, wanted.model.triggers) || affected.contains(trigger.table.identifierKey)
                || !PlanOrder.mentions(trigger.sql).isDisjoint(with: affected)
            {
                triggers.insert(trigger.name.identifierKey)
            }
            changed = views.count + triggers.count != before
        }
        drops = dropSteps(triggers: triggers, views: views) + drops
        recreates += createSteps(triggers: triggers, views: views)
    }

    private static func same(_ definition: SchemaModel.Definition, _ others: [SchemaModel.Definition]) -> Bool {
        guard let other = others.first(where: { $0.name.isSameIdentifier(as: definition.name) }) else { return false }
        return other.sql == definition.sql && other.table.isSameIdentifier(as: definition.table)
    }

    private func dropSteps(triggers: Set<SQLIdentifierKey>, views: Set<SQLIdentifierKey>) -> [SchemaPlanStep] {
        let byOrder = { (left: SchemaModel.Definition, right: SchemaModel.Definition) in
            (current.order[left.name.identifierKey] ?? 0) < (current.order[right.name.identifierKey] ?? 0)
        }
        let droppedTriggers = current.model.triggers.filter { triggers.contains($0.name.identifierKey) }.sorted(
            by: byOrder)
        let droppedViews = current.model.views.filter { views.contains($0.name.identifierKey) }.sorted(by: byOrder)
        return droppedTriggers.map {
            SchemaPlanStep(
                .dropTrigger, name: $0.name, change: change(ofDefinition: $0.name),
                comments: ["drop trigger \(quoted($0.name))"],
                statements: ["DROP TRIGGER \(quoted($0.name))"])
        }
            + droppedViews.reversed().map {
                SchemaPlanStep(
                    .dropView, name: $0.name, change: change(ofDefinition: $0.name),
                    comments: ["drop view \(quoted($0.name))"],
                    statements: ["DROP VIEW \(quoted($0.name))"])
            }
    }

    private func createSteps(triggers: Set<SQLIdentifierKey>, views: Set<SQLIdentifierKey>) -> [SchemaPlanStep] {
        let newViews = wanted.model.views.filter {
            views.contains($0.name.identifierKey) || !Self.same($0, current.model.views)
        }
        let byKey = Dictionary(newViews.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        let keys = newViews.map(\.name.identifierKey).sorted { (wanted.order[$0] ?? 0) < (wanted.order[$1] ?? 0) }
        let ordered = PlanOrder.dependenciesFirst(keys) { key in
            (byKey[key].map { PlanOrder.mentions($0.sql).filter { byKey[$0] != nil } } ?? []).sorted {
                (wanted.order[$0] ?? 0) < (wanted.order[$1] ?? 0)
            }
        }
        let newTriggers = wanted.model.triggers.filter { trigger in
            triggers.contains(trigger.name.identifierKey) || rebuiltTables.contains(trigger.table.identifierKey)
                || !Self.same(trigger, current.model.triggers)
        }.sorted { (wanted.order[$0.name.identifierKey] ?? 0) < (wanted.order[$1.name.identifierKey] ?? 0) }
        return ordered.compactMap { byKey[$0] }.map { view in
            SchemaPlanStep(
                .createView, name: view.name, change: change(ofDefinition: view.name),
                comments: ["create view \(quoted(view.name))"],
                statements: [wanted.sql[view.name.identifierKey] ?? ""])
        }
            + newTriggers.map { trigger in
                SchemaPlanStep(
                    .createTrigger, name: trigger.name, change: change(ofDefinition: trigger.name),
                    comments: ["create trigger \(quoted(trigger.name))"],
                    statements: [wanted.sql[trigger.name.identifierKey] ?? ""])
            }
    }

    /// The change that adds, drops or changes the view or trigger named `name` (one namespace in SQLite); nil
    /// when both schemas define it the same.
    private func change(ofDefinition name: String) -> SchemaChange? {
        changes.first { change in
            switch change {
            case .addView(let definition), .dropView(let definition), .changeView(_, let definition),
                .addTrigger(let definition), .dropTrigger(let definition), .changeTrigger(_, let definition):
                definition.name.isSameIdentifier(as: name)
            default: false
            }
        }
    }
}
