import Kiln

/// Whether a UNIQUE key accepts every set of rows another accepted. A key is no stricter when it has the same
/// terms, in any order (uniqueness does not depend on it, nor on ASC/DESC), each compared with the same
/// collation or with BINARY: BINARY tells apart every pair of values any other collation tells apart, so
/// `COLLATE NOCASE` → BINARY can only let more rows in.
enum UniqueKey {
    /// Whether `new` is no stricter than `old` (both UNIQUE, or both PRIMARY KEY).
    static func isNoStricter(_ new: SchemaModel.Index, than old: SchemaModel.Index) -> Bool {
        guard new.origin == old.origin || (new.origin != "pk" && old.origin != "pk"),
            new.terms.count == old.terms.count, new.condition == old.condition
        else { return false }
        var remaining = old.terms
        for term in new.terms {
            guard
                let match = remaining.firstIndex(where: { candidate in
                    key(candidate) == key(term) && (candidate.collation == term.collation || term.collation == "BINARY")
                })
            else { return false }
            remaining.remove(at: match)
        }
        return true
    }

    /// A term's column (folded) or expression text.
    private static func key(_ term: SchemaModel.IndexTerm) -> String {
        term.isExpression ? term.expression : term.expression.identifierKey.description
    }
}
