import Kiln

extension ColumnCopy {
    /// Converts the whole column through a placeholder the developer fills (`from` and `to` are the types as
    /// the plan names them); verification runs `standIn`.
    mutating func convert(from: String, to: String, in table: String, standIn: String) {
        isConverted = true
        narrows = true
        let placeholder = Self.placeholder("convert \(expression) from \(from) to \(to)", standIn: standIn)
        expression = placeholder.sql
        placeholders.append(placeholder)
        risks.append(.changesValues(table: table, column: target, change: .narrowsType(from: from, to: to)))
    }

    /// Copies the column as it is but for the values of the `refused` classes, which a STRICT column of `type`
    /// refuses (a placeholder converts them; verification casts them to `affinity`), and those `conversion`
    /// finds it would change (the copy fails at the first): one `CASE` over the old value.
    mutating func check(
        refused: [StrictStorage.Class], type: String, guard conversion: ConversionGuard?, in table: String,
        affinity: TypeAffinity
    ) {
        guard !refused.isEmpty || conversion != nil else { return }
        let value = expression
        var branches: [String] = []
        isConverted = true
        if !refused.isEmpty {
            narrows = true
            let classes = Self.classList(refused)
            let placeholder = Self.placeholder(
                "convert the \(classes) values of \(value), which STRICT \(type) refuses",
                standIn: "CAST(\(value) AS \(affinity.rawValue))")
            let names = refused.map { SQLText.literal($0.rawValue) }.joined(separator: ", ")
            branches.append("WHEN typeof(\(value)) IN (\(names)) THEN \(placeholder.sql)")
            placeholders.append(placeholder)
            risks.append(
                .changesValues(
                    table: table, column: target, change: .refusedByStrict(type: type, classes: refused.map(\.rawValue))
                ))
        }
        if let conversion {
            branches.append(
                "WHEN \(conversion.changes(value)) THEN \(conversion.failure(value, table: table, column: target))")
            risks.append(.mayFail(table: table, constraint: .inexactValues(column: target, conversion)))
            notes.append(
                "\(quoted(table)).\(quoted(target)) is copied exactly; the copy stops the migration at "
                    + "\(conversion.lostValues)")
        }
        expression = "CASE \(branches.joined(separator: " ")) ELSE \(value) END"
    }

    /// `text`, `text or blob`, `real, text or blob`.
    static func classList(_ classes: [StrictStorage.Class]) -> String { classList(classes.map(\.rawValue)) }

    /// `text`, `text or blob`, `real, text or blob`, from storage classes' names.
    static func classList(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
