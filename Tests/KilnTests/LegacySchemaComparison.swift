// The comparison as it was before `SchemaModel.changes(to:)`, kept only here: the oracle the typed diff's
// rendering is proven byte-identical against (SchemaChangeRenderingTests).
import Kiln

/// The old comparison.
enum LegacyComparison {
    typealias Detail = SchemaDifference.Detail

    /// How the model `actual` differs from `expected`, in the order and with the rules the snapshot
    /// comparison describes; `ignoringTables` are left out on both sides.
    ///
    /// - Returns: the differences, in a stable order.
    static func compare(
        expected: SchemaModel, actual: SchemaModel, ignoringTables: [String] = []
    ) -> [SchemaDifference] {
        let expected = expected.excludingTables(ignoringTables)
        let actual = actual.excludingTables(ignoringTables)
        var differences = presence("table", expected.tables.map(\.name), actual.tables.map(\.name))
        let actualTables = byName(actual.tables, \.name)
        for table in expected.tables {
            guard let other = actualTables[table.name.identifierKey] else { continue }
            differences += LegacyTableComparison(expected: table, actual: other).differences()
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
                    LegacyComparison.changed(
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
                        LegacyComparison.changed(
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

/// The differences between two definitions of one table: missing and extra columns, then each common
/// column's changes, the column order, the table's options, CHECK constraints, foreign keys and UNIQUE and
/// PRIMARY KEY constraints.
struct LegacyTableComparison {
    let expected: SchemaModel.Table
    let actual: SchemaModel.Table
    typealias Detail = SchemaDifference.Detail

    /// Every difference, in that order. When columns are missing or extra, constraints (which name columns)
    /// are not compared, so that one renamed column is not reported again through every constraint.
    func differences() -> [SchemaDifference] {
        let name = expected.name
        if expected.virtualDefinition != nil || actual.virtualDefinition != nil {
            guard expected.virtualDefinition != actual.virtualDefinition else { return [] }
            return [
                LegacyComparison.changed(
                    "table", name,
                    Detail(
                        subject: "definition", change: .changed, expected: expected.virtualDefinition,
                        found: actual.virtualDefinition))
            ]
        }
        let columnPresence = LegacyComparison.presence(
            "column", expected.columns.map(\.name), actual.columns.map(\.name)
        ).map { SchemaDifference(kind: $0.kind, objectType: "column", name: "\(name).\($0.name)", table: name) }
        var details = columnDetails()
        if columnPresence.isEmpty {
            details += orderDetails() + optionDetails() + checkDetails() + foreignKeyDetails() + uniqueDetails()
        }
        return columnPresence + details.map { LegacyComparison.changed("table", name, $0) }
    }

    private func columnDetails() -> [Detail] {
        let actualColumns = LegacyComparison.byName(actual.columns, \.name)
        var details: [Detail] = []
        for column in expected.columns {
            guard let other = actualColumns[column.name.identifierKey] else { continue }
            let aspects: [(String, String?, String?)] = [
                ("type", column.declaredType, other.declaredType),
                ("NOT NULL", LegacyComparison.yesNo(column.isNotNull), LegacyComparison.yesNo(other.isNotNull)),
                ("DEFAULT", column.defaultExpression, other.defaultExpression),
                ("primary key position", String(column.primaryKeyPosition), String(other.primaryKeyPosition)),
                ("COLLATE", column.collation ?? "BINARY", other.collation ?? "BINARY"),
                ("generated", generatedText(column), generatedText(other)),
                ("hidden", String(column.hidden), String(other.hidden)),
            ]
            for (aspect, wanted, found) in aspects where wanted != found {
                if aspect == "hidden" && column.hidden >= 2 { continue }  // reported as `generated`
                details.append(
                    Detail(
                        subject: "column \(column.name)", aspect: aspect, change: .changed,
                        expected: display(wanted), found: display(found)))
            }
        }
        return details
    }

    private func display(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.isEmpty ? "none" : text
    }

    private func generatedText(_ column: SchemaModel.Column) -> String? {
        guard column.hidden >= 2 else { return nil }
        return "AS (\(column.generatedExpression ?? "?")) \(column.hidden == 3 ? "STORED" : "VIRTUAL")"
    }

    private func orderDetails() -> [Detail] {
        let wanted = expected.columns.map { SchemaText.identifierText($0.name) }
        let found = actual.columns.map { SchemaText.identifierText($0.name) }
        guard wanted != found else { return [] }
        return [
            Detail(
                subject: "column order", change: .changed, expected: wanted.joined(separator: ", "),
                found: found.joined(separator: ", "))
        ]
    }

    private func optionDetails() -> [Detail] {
        let options: [(String, Bool, Bool)] = [
            ("WITHOUT ROWID", expected.isWithoutRowID, actual.isWithoutRowID),
            ("STRICT", expected.isStrict, actual.isStrict),
            ("AUTOINCREMENT", expected.isAutoincrement, actual.isAutoincrement),
        ]
        return options.filter { $0.1 != $0.2 }.map {
            Detail(
                subject: $0.0, change: .changed, expected: LegacyComparison.yesNo($0.1),
                found: LegacyComparison.yesNo($0.2))
        }
    }

    private func checkDetails() -> [Detail] {
        let (missing, extra) = multisetDifference(expected.checks, actual.checks)
        return pairs(missing, extra, subject: "CHECK") { "CHECK (\($0))" }
    }

    private func uniqueDetails() -> [Detail] {
        let describe = { (index: SchemaModel.Index) in
            (index.origin == "pk" ? "PRIMARY KEY " : "UNIQUE ") + LegacyComparison.termsText(index.terms)
        }
        let (missing, extra) = multisetDifference(
            expected.uniqueConstraints.map(describe), actual.uniqueConstraints.map(describe))
        return missing.map { Detail(subject: $0, change: .missing) } + extra.map { Detail(subject: $0, change: .extra) }
    }

    /// Missing and extra texts pair up into changes (in sorted order); what is left is missing or extra.
    private func pairs(_ missing: [String], _ extra: [String], subject: String, named: (String) -> String)
        -> [Detail]
    {
        let paired = zip(missing, extra).map { Detail(subject: subject, change: .changed, expected: $0, found: $1) }
        return paired + missing.dropFirst(paired.count).map { Detail(subject: named($0), change: .missing) }
            + extra.dropFirst(paired.count).map { Detail(subject: named($0), change: .extra) }
    }

    /// The items only in `left` and only in `right`, counting repeats, each sorted.
    func multisetDifference(_ left: [String], _ right: [String]) -> ([String], [String]) {
        var counts: [String: Int] = [:]
        for item in right { counts[item, default: 0] += 1 }
        var onlyLeft: [String] = []
        for item in left.sorted() {
            if let count = counts[item], count > 0 { counts[item] = count - 1 } else { onlyLeft.append(item) }
        }
        let onlyRight = right.sorted().filter { item in
            guard let count = counts[item], count > 0 else { return false }
            counts[item] = count - 1
            return true
        }
        return (onlyLeft, onlyRight)
    }
}
extension LegacyTableComparison {
    /// Foreign keys matched by their child columns: a changed parent, action, MATCH or deferral is a change
    /// of that key; a key with no counterpart is missing or extra.
    func foreignKeyDetails() -> [Detail] {
        var actualKeys = Dictionary(grouping: actual.foreignKeys) { legacyKey($0.columns) }
        var details: [Detail] = []
        for key in expected.foreignKeys {
            let group = legacyKey(key.columns)
            guard var candidates = actualKeys[group], !candidates.isEmpty else {
                details.append(Detail(subject: describe(key), change: .missing))
                continue
            }
            let other = candidates.first { aspects(key).map(\.1) == aspects($0).map(\.1) } ?? candidates[0]
            candidates.removeAll { $0 == other }
            actualKeys[group] = candidates
            for ((aspect, wanted), (_, found)) in zip(aspects(key), aspects(other)) where wanted != found {
                details.append(
                    Detail(subject: subject(key), aspect: aspect, change: .changed, expected: wanted, found: found))
            }
        }
        for key in actual.foreignKeys where actualKeys[legacyKey(key.columns)]?.contains(key) == true {
            details.append(Detail(subject: describe(key), change: .extra))
        }
        return details
    }

    private func subject(_ key: SchemaModel.ForeignKey) -> String {
        "foreign key (\(key.columns.map(SchemaText.identifierText).joined(separator: ", ")))"
    }

    private func describe(_ key: SchemaModel.ForeignKey) -> String {
        "\(subject(key)) REFERENCES \(parent(key))"
    }

    private func parent(_ key: SchemaModel.ForeignKey) -> String {
        let columns = key.parentColumns.map(SchemaText.identifierText).joined(separator: ", ")
        return SchemaText.identifierText(key.parentTable) + (columns.isEmpty ? "" : "(\(columns))")
    }

    private func aspects(_ key: SchemaModel.ForeignKey) -> [(String, String)] {
        [
            ("REFERENCES", parent(key)), ("ON UPDATE", key.onUpdate), ("ON DELETE", key.onDelete),
            ("MATCH", key.match),
            ("DEFERRABLE INITIALLY DEFERRED", LegacyComparison.yesNo(key.isDeferred)),
        ]
    }
}

/// The old foreign-key grouping key: child columns, folded.
private func legacyKey(_ columns: [String]) -> String {
    columns.map { SchemaText.folded($0, upper: false) }.joined(separator: ",")
}

extension LegacyComparison {
    /// A changed table or index, described by one detail.
    static func changed(_ objectType: String, _ name: String, _ detail: SchemaDifference.Detail) -> SchemaDifference {
        SchemaDifference(kind: .changed, objectType: objectType, name: name, detail: detail)
    }
}
