import Kiln

/// The orders objects are created in: tables with the tables their foreign keys name first, views after the
/// views they read.
enum PlanOrder {
    /// `tables` with each table after those its foreign keys refer to (among `tables`); a cycle is broken at the
    /// table whose folded name sorts first.
    static func parentsFirst(_ tables: [SchemaModel.Table]) -> [SchemaModel.Table] {
        let sorted = tables.sorted { $0.name.identifierKey.description < $1.name.identifierKey.description }
        let byKey = Dictionary(sorted.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        return dependenciesFirst(sorted.map(\.name.identifierKey)) { key in
            (byKey[key]?.foreignKeys.map(\.parentTable.identifierKey) ?? []).sorted { $0.description < $1.description }
        }.compactMap { byKey[$0] }
    }

    /// `keys` (in their given order where free) with each after the keys `dependencies` names among them.
    static func dependenciesFirst(
        _ keys: [SQLIdentifierKey], dependencies: (SQLIdentifierKey) -> [SQLIdentifierKey]
    ) -> [SQLIdentifierKey] {
        let members = Set(keys)
        var done: Set<SQLIdentifierKey> = []
        var visiting: Set<SQLIdentifierKey> = []
        var result: [SQLIdentifierKey] = []
        func visit(_ key: SQLIdentifierKey) {
            guard members.contains(key), !done.contains(key), !visiting.contains(key) else { return }
            visiting.insert(key)
            for parent in dependencies(key) where parent != key { visit(parent) }
            visiting.remove(key)
            done.insert(key)
            result.append(key)
        }
        for key in keys { visit(key) }
        return result
    }

    /// The folded names `sql` mentions: every bare word and quoted identifier (an over-approximation that
    /// includes keywords and column names, which is safe: it can only make a view or trigger be created
    /// again without need).
    static func mentions(_ sql: String) -> Set<SQLIdentifierKey> {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        return Set(
            tokens.compactMap { token in
                token.kind == .word || token.kind == .quotedIdentifier
                    ? lexer.identifier(of: token)?.identifierKey : nil
            })
    }
}
