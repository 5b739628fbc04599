import Kiln

/// The key of a UNIQUE index or constraint (its terms and condition), and whether the old schema already
/// guaranteed a new one on every row, so no existing row can break it: some key the old schema enforced (a constraint, a `CREATE UNIQUE INDEX`, the rowid's alias)
/// covers a subset of its terms, each compared with the same collation or the new term with BINARY. Rows equal
/// under the new key are then equal under the old one, which allowed no two such rows: BINARY tells apart
/// every pair of values any collation tells apart (so `COLLATE NOCASE` → BINARY can only let more rows in), a
/// key over more columns tells apart more rows, and neither order nor ASC/DESC matters to uniqueness. A NULL
/// in a term makes a row distinct under both. An old partial index guarantees only a key with its condition;
/// a new partial one needs no more than a full one. Whether the new key's columns may hold NULL is judged
/// with NOT NULL, not here.
struct UniqueKey: Equatable {
    /// One term: a column's folded name or an expression's text, and its collation.
    struct Term: Equatable {
        var key: String
        var collation: String
    }

    /// The terms, in order.
    var terms: [Term]
    /// A partial index's condition, or nil.
    var condition: String?

    /// The key a UNIQUE index or constraint enforces.
    init(_ index: SchemaModel.Index) {
        terms = index.terms.map { term in
            Term(
                key: term.isExpression ? term.expression : term.expression.identifierKey.description,
                collation: term.collation)
        }
        condition = index.condition
    }

    /// The key of a rowid's alias, `column`.
    init(rowIDAlias column: String) {
        terms = [Term(key: column.identifierKey.description, collation: "BINARY")]
        condition = nil
    }

    /// Whether one of `guarantees` (keys the old schema enforced on the same table) implies `new`.
    static func isGuaranteed(_ new: SchemaModel.Index, by guarantees: [UniqueKey]) -> Bool {
        let key = UniqueKey(new)
        return guarantees.contains { $0.implies(key) }
    }

    /// Whether every set of rows this key accepted, `new` accepts.
    func implies(_ new: UniqueKey) -> Bool {
        guard condition == nil || condition == new.condition, terms.count <= new.terms.count else { return false }
        var remaining = new.terms
        for term in terms {
            guard
                let match = remaining.firstIndex(where: {
                    $0.key == term.key && ($0.collation == term.collation || $0.collation == "BINARY")
                })
            else { return false }
            remaining.remove(at: match)
        }
        return true
    }

    /// The keys `table` (before the plan) enforced on its rows: its UNIQUE and PRIMARY KEY constraints, its
    /// rowid's alias (`rowIDAlias`, unique and never NULL though no index shows it), and `indexes`' UNIQUE ones
    /// on it (the old schema's, whether the plan keeps them or not).
    static func guarantees(of table: SchemaModel.Table, rowIDAlias: String?, indexes: [SchemaModel.Index])
        -> [UniqueKey]
    {
        let unique =
            table.uniqueConstraints + indexes.filter { $0.isUnique && $0.table.isSameIdentifier(as: table.name) }
        return unique.map(UniqueKey.init) + (rowIDAlias.map { [UniqueKey(rowIDAlias: $0)] } ?? [])
    }
}
