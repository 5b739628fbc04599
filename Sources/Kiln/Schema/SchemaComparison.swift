extension SchemaDifference {
    /// How `actual` differs from `expected`: missing, then extra tables; then each table's missing, extra and
    /// changed columns and constraints; then indexes, views and triggers. Empty when SQLite would treat the two
    /// schemas the same (see ``SchemaModel``).
    ///
    /// - Parameters:
    ///   - expected: the schema the database should have (a fresh build's).
    ///   - actual: the schema the database has.
    ///   - ignoringTables: tables left out on both sides with their indexes and triggers, such as another
    ///     migration tool's tracking table.
    /// - Returns: the differences, in a stable order.
    package static func compare(
        expected: SchemaSnapshot, actual: SchemaSnapshot, ignoringTables: [String] = []
    ) -> [SchemaDifference] {
        compare(expected: expected.model, actual: actual.model, ignoringTables: ignoringTables)
    }

    /// How the model `actual` differs from `expected`, in the order and with the rules the snapshot
    /// comparison describes; `ignoringTables` are left out on both sides.
    ///
    /// - Returns: the differences, in a stable order.
    package static func compare(
        expected: SchemaModel, actual: SchemaModel, ignoringTables: [String] = []
    ) -> [SchemaDifference] {
        let expected = expected.excludingTables(ignoringTables)
        let actual = actual.excludingTables(ignoringTables)
        var differences = presence("table", expected.tables.map(\.name), actual.tables.map(\.name))
        let actualTables = byName(actual.tables, \.name)
        for table in expected.tables {
            guard let other = actualTables[table.name.identifierKey] else { continue }
            differences += TableComparison(expected: table, actual: other).differences()
        }
        differences += compareIndexes(expected.indexes, actual.indexes)
        differences += compareDefinitions("view", expected.views, actual.views)
        differences += compareDefinitions("trigger", expected.triggers, actual.triggers)
        return differences
    }

    /// Missing and extra objects of one type, by name.
    static func presence(_ type: String, _ expected: [String], _ actual: [String]) -> [SchemaDifference] {
        let expectedKeys = Set(expected.map(\.identifierKey))
        let actualKeys = Set(actual.map(\.identifierKey))
        return expected.filter { !actualKeys.contains($0.identifierKey) }.map {
            SchemaDifference(kind: .missing, objectType: type, name: $0)
        }
            + actual.filter { !expectedKeys.contains($0.identifierKey) }.map {
                SchemaDifference(kind: .extra, objectType: type, name: $0)
            }
    }

    static func byName<T>(_ items: [T], _ name: (T) -> String) -> [SQLIdentifierKey: T] {
        Dictionary(items.map { (name($0).identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private static func compareIndexes(_ expected: [SchemaModel.Index], _ actual: [SchemaModel.Index])
        -> [SchemaDifference]
    {
        var differences: [SchemaDifference] = []
        let actualIndexes = byName(actual, \.name)
        for index in expected {
            guard let other = actualIndexes[index.name.identifierKey] else {
                differences.append(SchemaDifference(kind: .missing, objectType: "index", name: index.name))
                continue
            }
            let aspects: [(String, String, String)] = [
                ("table", SchemaText.identifierText(index.table), SchemaText.identifierText(other.table)),
                ("UNIQUE", yesNo(index.isUnique), yesNo(other.isUnique)),
                ("columns", termsText(index.terms), termsText(other.terms)),
                ("WHERE", index.condition ?? "none", other.condition ?? "none"),
            ]
            for (subject, wanted, found) in aspects where wanted != found {
                differences.append(
                    .changed(
                        "index", index.name, Detail(subject: subject, change: .changed, expected: wanted, found: found))
                )
            }
        }
        let expectedKeys = Set(expected.map(\.name.identifierKey))
        return differences
            + actual.filter { !expectedKeys.contains($0.name.identifierKey) }.map {
                SchemaDifference(kind: .extra, objectType: "index", name: $0.name)
            }
    }

    private static func compareDefinitions(
        _ type: String, _ expected: [SchemaModel.Definition], _ actual: [SchemaModel.Definition]
    ) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        let actualDefinitions = byName(actual, \.name)
        for definition in expected {
            if let other = actualDefinitions[definition.name.identifierKey] {
                if other.sql != definition.sql {
                    differences.append(
                        SchemaDifference(
                            kind: .changed, objectType: type, name: definition.name, expected: definition.sql,
                            found: other.sql))
                } else if let wanted = definition.columns, let found = other.columns,
                    wanted.map(\.identifierKey) != found.map(\.identifierKey)
                {
                    differences.append(
                        .changed(
                            type, definition.name,
                            Detail(
                                subject: "column names", change: .changed, expected: columnNames(wanted),
                                found: columnNames(found))))
                }
            } else {
                differences.append(SchemaDifference(kind: .missing, objectType: type, name: definition.name))
            }
        }
        let expectedKeys = Set(expected.map(\.name.identifierKey))
        return differences
            + actual.filter { !expectedKeys.contains($0.name.identifierKey) }.map {
                SchemaDifference(kind: .extra, objectType: type, name: $0.name)
            }
    }

    /// A view's column names, each double-quoted as SQLite names it (`"id", "qty*2"`).
    static func columnNames(_ names: [String]) -> String {
        names.map(quoted).joined(separator: ", ")
    }

    /// `yes` or `no`.
    static func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }

    /// Index terms as `(a, lower(b) COLLATE NOCASE DESC)`, names folded.
    static func termsText(_ terms: [SchemaModel.IndexTerm]) -> String {
        "("
            + terms.map { term in
                (term.isExpression ? term.expression : SchemaText.identifierText(term.expression))
                    + (term.collation == "BINARY" ? "" : " COLLATE \(term.collation)")
                    + (term.isDescending ? " DESC" : "")
            }.joined(separator: ", ") + ")"
    }
}
