/// A table, column or seed name as SQLite compares identifiers: ASCII letters in either case are the same,
/// every other byte must be equal. `é` and `É` are two keys, so are `k` and the Kelvin sign `K`, and so are
/// the composed and decomposed spellings of `é` (which Swift's `String` equality would merge).
///
/// Use it wherever a name from a file (a seed file's name, a CSV header, `--only`) is matched against a name
/// from the schema, as a dictionary key or with `==`.
package struct SQLIdentifierKey: Hashable, Sendable, CustomStringConvertible {
    /// The name's UTF-8 bytes, each folded as ``SQLiteGrammar/identifierFolding`` says.
    private let folded: [UInt8]

    /// The key of `name`.
    package init(_ name: String) {
        let folding = SQLiteGrammar.identifierFolding
        folded = name.utf8.map { folding[Int($0)] }
    }

    /// The folded name, for diagnostics.
    package var description: String { String(decoding: folded, as: UTF8.self) }
}

extension String {
    /// This name as SQLite compares identifiers; see ``SQLIdentifierKey``.
    package var identifierKey: SQLIdentifierKey { SQLIdentifierKey(self) }

    /// Whether SQLite takes this name and `other` for the same identifier (ASCII case ignored, every other
    /// byte compared exactly).
    ///
    /// - Returns: the answer of ``SQLiteGrammar/identifiersMatch(_:_:)``.
    package func isSameIdentifier(as other: String) -> Bool { SQLiteGrammar.identifiersMatch(self, other) }
}
