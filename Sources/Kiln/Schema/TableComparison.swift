/// The differences between two definitions of one table: missing and extra columns, then each common
/// column's changes, the column order, the table's options, CHECK constraints, foreign keys and UNIQUE and
/// PRIMARY KEY constraints.
struct TableComparison {
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
                .changed(
                    "table", name,
                    Detail(
                        subject: "definition", change: .changed, expected: expected.virtualDefinition,
                        found: actual.virtualDefinition))
            ]
        }
        let columnPresence = SchemaDifference.presence(
            "column", expected.columns.map(\.name), actual.columns.map(\.name)
        ).map { SchemaDifference(kind: $0.kind, objectType: "column", name: "\(name).\($0.name)", table: name) }
        var details = columnDetails()
        if columnPresence.isEmpty {
            details += orderDetails() + optionDetails() + checkDetails() + foreignKeyDetails() + uniqueDetails()
        }
        return columnPresence + details.map { .changed("table", name, $0) }
    }

    private func columnDetails() -> [Detail] {
        let actualColumns = SchemaDifference.byName(actual.columns, \.name)
        var details: [Detail] = []
        for column in expected.columns {
            guard let other = actualColumns[column.name.identifierKey] else { continue }
            let aspects: [(String, String?, String?)] = [
                ("type", column.declaredType, other.declaredType),
                ("NOT NULL", SchemaDifference.yesNo(column.isNotNull), SchemaDifference.yesNo(other.isNotNull)),
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
                subject: $0.0, change: .changed, expected: SchemaDifference.yesNo($0.1),
                found: SchemaDifference.yesNo($0.2))
        }
    }

    private func checkDetails() -> [Detail] {
        let (missing, extra) = multisetDifference(expected.checks, actual.checks)
        return pairs(missing, extra, subject: "CHECK") { "CHECK (\($0))" }
    }

    private func uniqueDetails() -> [Detail] {
        let describe = { (index: SchemaModel.Index) in
            (index.origin == "pk" ? "PRIMARY KEY " : "UNIQUE ") + SchemaDifference.termsText(index.terms)
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
