import Kiln

/// Where migrations use a collation or function that `kiln.json` declares a stand-in for: each is a note in
/// `kiln check`, since the device must register the real one. Uses are found from the tokens (`COLLATE name`,
/// `name(`), outside strings and comments.
enum StandInUse {
    /// A note per migration and stand-in it uses, at the first use.
    ///
    /// - Returns: the notes, in migration order.
    static func findings(_ set: MigrationSet, standIns: StandIns) -> [CheckFinding] {
        guard !standIns.isEmpty else { return [] }
        let database = set.database
        return set.migrations.untilInterrupted.flatMap { migration in
            uses(in: migration.source, standIns: standIns).map { use in
                let group = use.isCollation ? "collations" : "functions"
                return CheckFinding(
                    .worded(
                        StandInUsed(
                            name: use.name, isCollation: use.isCollation,
                            setting: "databases.\(database).\(group).\(use.name)")),
                    at: migration.source.location(ofByte: use.offset))
            }
        }
    }

    /// The first use of each declared name in `source`, named as `kiln.json` declares it.
    static func uses(in source: SourceText, standIns: StandIns) -> [(name: String, isCollation: Bool, offset: Int)] {
        var lexer = SQLLexer(bytes: source.bytes)
        let tokens = lexer.tokens()
        var found: [(name: String, isCollation: Bool, offset: Int)] = []
        for (index, token) in tokens.enumerated() {
            guard let word = lexer.identifier(of: token) else { continue }
            let afterCollate = index > 0 && lexer.isWord(tokens[index - 1], "collate")
            let beforeParenthesis = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "("
            let declared: String?
            if afterCollate {
                declared = standIns.collations.keys.first { $0.isSameIdentifier(as: word) }
            } else if beforeParenthesis {
                declared = standIns.functions.keys.first { $0.isSameIdentifier(as: word) }
            } else {
                declared = nil
            }
            guard let declared, !found.contains(where: { $0.name == declared && $0.isCollation == afterCollate })
            else { continue }
            found.append((declared, afterCollate, token.range.lowerBound))
        }
        return found
    }
}
