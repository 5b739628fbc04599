import Kiln

/// Fails SQL (migrations and app queries) that uses a feature the app's oldest supported SQLite lacks.
enum FeatureFloorCheck {
    /// Each use of a feature newer than `floor` in `statements`.
    ///
    /// - Returns: errors at each use.
    static func check(source: SourceText, statements: [SQLStatementRange], floor: SQLiteVersion) -> [CheckFinding] {
        let lexer = SQLLexer(bytes: source.bytes)
        return statements.flatMap { statement in
            SQLiteFeatures.uses(in: statement, lexer: lexer).filter { $0.introduced > floor }.map { use in
                CheckFinding(
                    .featureTooNew(feature: use.feature, introduced: use.introduced, floor: floor),
                    at: source.location(ofByte: use.token.range.lowerBound))
            }
        }
    }
}
