extension TableComparison {
    /// Foreign keys matched by their child columns: a changed parent, action, MATCH or deferral is a change
    /// of that key; a key with no counterpart is missing or extra.
    func foreignKeyDetails() -> [Detail] {
        var actualKeys = Dictionary(grouping: actual.foreignKeys) { TableDefinitionText.key($0.columns) }
        var details: [Detail] = []
        for key in expected.foreignKeys {
            let group = TableDefinitionText.key(key.columns)
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
        for key in actual.foreignKeys where actualKeys[TableDefinitionText.key(key.columns)]?.contains(key) == true {
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
            ("DEFERRABLE INITIALLY DEFERRED", SchemaDifference.yesNo(key.isDeferred)),
        ]
    }
}
