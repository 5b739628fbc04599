extension SchemaChange {
    /// The change said as the differences of a schema that lacks it from one that has it (the newer side is
    /// "expected"): what is added is missing, what is dropped is extra, a changed object gives one difference
    /// per aspect. A rename is its new name missing and its old one extra.
    package var differences: [SchemaDifference] {
        switch self {
        case .addTable(let table): [SchemaDifference(kind: .missing, objectType: "table", name: table.name)]
        case .dropTable(let table): [SchemaDifference(kind: .extra, objectType: "table", name: table.name)]
        case .renameTable(let from, let to):
            [
                SchemaDifference(kind: .missing, objectType: "table", name: to),
                SchemaDifference(kind: .extra, objectType: "table", name: from),
            ]
        case .modifyTable(_, let new, let changes): Self.tableDifferences(new.name, changes)
        case .addIndex(let index): [SchemaDifference(kind: .missing, objectType: "index", name: index.name)]
        case .dropIndex(let index): [SchemaDifference(kind: .extra, objectType: "index", name: index.name)]
        case .changeIndex(let old, let new, let aspects):
            aspects.map { aspect in
                .changed(
                    "index", new.name,
                    SchemaDifference.Detail(
                        subject: aspect.rawValue, change: .changed, expected: aspect.value(of: new),
                        found: aspect.value(of: old)))
            }
        case .addView(let view): [SchemaDifference(kind: .missing, objectType: "view", name: view.name)]
        case .dropView(let view): [SchemaDifference(kind: .extra, objectType: "view", name: view.name)]
        case .changeView(let old, let new): [Self.definitionDifference("view", old, new)]
        case .addTrigger(let trigger): [SchemaDifference(kind: .missing, objectType: "trigger", name: trigger.name)]
        case .dropTrigger(let trigger): [SchemaDifference(kind: .extra, objectType: "trigger", name: trigger.name)]
        case .changeTrigger(let old, let new): [Self.definitionDifference("trigger", old, new)]
        }
    }

    /// Another definition, or (with the same one) other result column names.
    private static func definitionDifference(
        _ type: String, _ old: SchemaModel.Definition, _ new: SchemaModel.Definition
    ) -> SchemaDifference {
        guard old.sql == new.sql else {
            return SchemaDifference(kind: .changed, objectType: type, name: new.name, expected: new.sql, found: old.sql)
        }
        return .changed(
            type, new.name,
            SchemaDifference.Detail(
                subject: "column names", change: .changed,
                expected: SchemaDifference.columnNames(new.columns ?? []),
                found: SchemaDifference.columnNames(old.columns ?? [])))
    }

    /// A table's columns missing, then extra, then its details. When columns are missing or extra, only the
    /// columns' own details are said: constraints name columns, and one renamed column is not reported again
    /// through every constraint.
    private static func tableDifferences(_ name: String, _ changes: [TableChange]) -> [SchemaDifference] {
        let column = { (kind: SchemaDifference.Kind, column: String) in
            SchemaDifference(kind: kind, objectType: "column", name: "\(name).\(column)", table: name)
        }
        var missing: [SchemaDifference] = []
        var extra: [SchemaDifference] = []
        for change in changes {
            switch change {
            case .addColumn(let added): missing.append(column(.missing, added.name))
            case .dropColumn(let dropped): extra.append(column(.extra, dropped.name))
            case .renameColumn(let from, let to):
                missing.append(column(.missing, to))
                extra.append(column(.extra, from))
            default: continue
            }
        }
        let presence = missing + extra
        let details = changes.filter { change in
            if case .alterColumn = change { return true }
            return presence.isEmpty && !change.isColumnPresence
        }.flatMap(\.details)
        return presence + details.map { .changed("table", name, $0) }
    }
}

extension SchemaChange.TableChange {
    /// The change said as details of the newer table ("expected") against the older; none for a column added,
    /// dropped or renamed (those are differences of their own).
    var details: [SchemaDifference.Detail] {
        typealias Detail = SchemaDifference.Detail
        switch self {
        case .addColumn, .dropColumn, .renameColumn: return []
        case .alterColumn(let old, let new, let aspects):
            return aspects.map { aspect in
                Detail(
                    subject: "column \(new.name)", aspect: aspect.rawValue, change: .changed,
                    expected: Self.shown(aspect.value(of: new)), found: Self.shown(aspect.value(of: old)))
            }
        case .reorderColumns(let old, let new):
            let text = { (names: [String]) in names.map(SchemaText.identifierText).joined(separator: ", ") }
            return [Detail(subject: "column order", change: .changed, expected: text(new), found: text(old))]
        case .setOption(let option, let value):
            return [
                Detail(
                    subject: option.rawValue, change: .changed, expected: SchemaDifference.yesNo(value),
                    found: SchemaDifference.yesNo(!value))
            ]
        case .addCheck(let check): return [Detail(subject: "CHECK (\(check))", change: .missing)]
        case .dropCheck(let check): return [Detail(subject: "CHECK (\(check))", change: .extra)]
        case .changeCheck(let old, let new):
            return [Detail(subject: "CHECK", change: .changed, expected: new, found: old)]
        default: return constraintDetails
        }
    }

    private var constraintDetails: [SchemaDifference.Detail] {
        typealias Detail = SchemaDifference.Detail
        switch self {
        case .addForeignKey(let key): return [Detail(subject: Self.described(key), change: .missing)]
        case .dropForeignKey(let key): return [Detail(subject: Self.described(key), change: .extra)]
        case .alterForeignKey(let old, let new, let aspects):
            return aspects.map { aspect in
                Detail(
                    subject: Self.subject(new), aspect: aspect.rawValue, change: .changed,
                    expected: aspect.value(of: new), found: aspect.value(of: old))
            }
        case .addUniqueConstraint(let index): return [Detail(subject: Self.described(index), change: .missing)]
        case .dropUniqueConstraint(let index): return [Detail(subject: Self.described(index), change: .extra)]
        case .changeVirtualDefinition(let old, let new):
            return [Detail(subject: "definition", change: .changed, expected: new, found: old)]
        default: return []
        }
    }

    /// An empty value is shown as `none`.
    private static func shown(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.isEmpty ? "none" : text
    }

    /// `foreign key (a, b)`.
    private static func subject(_ key: SchemaModel.ForeignKey) -> String {
        "foreign key (\(key.columns.map(SchemaText.identifierText).joined(separator: ", ")))"
    }

    /// `foreign key (a) REFERENCES parent(id)`.
    private static func described(_ key: SchemaModel.ForeignKey) -> String {
        "\(subject(key)) REFERENCES \(SchemaChange.ForeignKeyAspect.references.value(of: key))"
    }

    /// `UNIQUE (a, b)` or `PRIMARY KEY (id)`.
    private static func described(_ index: SchemaModel.Index) -> String {
        (index.origin == "pk" ? "PRIMARY KEY " : "UNIQUE ") + SchemaModel.termsText(index.terms)
    }
}
