import Kiln

@testable import KilnBuild

extension PropertyEditor {
    /// Moves a UNIQUE key A enforces between a `CREATE UNIQUE INDEX` and the table (a table UNIQUE, or the
    /// column's own for one column), sometimes over one more column. A's rows, and any device's, meet the key
    /// already: the planner must plan it without `allowsDataLoss`.
    mutating func moveUnique(of table: PropertyTable) -> String? {
        if chance(50), let index = wanted.indexes.first(where: { enforcedInA($0, of: table) }) {
            wanted.indexes.removeAll { $0.id == index.id }
            let columns = widened(index.terms.flatMap(\.columns), in: table)
            if columns.count == 1, !table.primaryKey.contains(columns[0]), chance(50) {
                update(table.id) { edited in
                    guard let position = edited.columns.firstIndex(where: { $0.id == columns[0] }) else { return }
                    edited.columns[position].isUnique = true
                }
            } else {
                update(table.id) { $0.uniques.append(columns) }
            }
            return "unique index \(index.name) as inline UNIQUE on \(table.name)"
        }
        guard let source = original.table(table.id) else { return nil }
        let inline =
            table.uniques.filter { source.uniques.contains($0) }
            + table.columns.filter { $0.isUnique && source.column($0.id)?.isUnique == true }.map { [$0.id] }
        guard let key = inline.randomElement(using: &generator.random), key.allSatisfy({ keepsCollation($0, table) })
        else { return nil }
        update(table.id) { edited in
            edited.uniques.removeAll { $0 == key }
            if key.count == 1, let position = edited.columns.firstIndex(where: { $0.id == key[0] }) {
                edited.columns[position].isUnique = false
            }
        }
        let index = PropertyIndex(
            id: generator.makeID(), name: freshObjectName("unique"), table: table.id, isUnique: true,
            terms: widened(key, in: table).map { PropertyExpression([.column($0)]) })
        wanted.indexes.append(index)
        return "inline UNIQUE of \(table.name) as UNIQUE index \(index.name)"
    }

    /// Whether `index` is a full UNIQUE index over columns of `table` that A has just so, its columns comparing
    /// in B as in A (or with BINARY, which tells apart all that another collation does).
    private func enforcedInA(_ index: PropertyIndex, of table: PropertyTable) -> Bool {
        guard index.table == table.id, index.isUnique, index.condition == nil, original.indexes.contains(index),
            index.terms.allSatisfy({ $0.parts.count == 1 && $0.columns.count == 1 })
        else { return false }
        return index.terms.flatMap(\.columns).allSatisfy { keepsCollation($0, table) }
    }

    /// Whether column `id` of `table` compares in B as in A, or with BINARY.
    private func keepsCollation(_ id: Int, _ table: PropertyTable) -> Bool {
        guard let column = table.column(id), let source = original.column(id) else { return false }
        return column.collation == nil || column.collation == source.collation
    }

    /// `key`, sometimes with one more stored column of `table`: a key over more columns holds wherever the
    /// smaller one does.
    private mutating func widened(_ key: [Int], in table: PropertyTable) -> [Int] {
        let others = table.columns.filter { $0.generated == nil && !key.contains($0.id) }
        guard chance(30), let extra = others.randomElement(using: &generator.random) else { return key }
        return key + [extra.id]
    }
}
