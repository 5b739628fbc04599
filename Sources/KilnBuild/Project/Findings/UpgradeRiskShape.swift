/// The shape of generated rows an upgrade failed on that ordinary data need not have (an `upgrade-risk`).
package enum UpgradeRiskShape: Sendable, Equatable {
    /// Rows that agree where the schema lets them: a duplicate in a column that is not unique, or more than
    /// one row in a table the app may keep at one row.
    case repeatedRows
    /// Unusual values: 300-character or non-ASCII text, integers beyond 2^31 or 2^53, large reals.
    case unusualValues

    /// The shape in words.
    package var words: String {
        switch self {
        case .repeatedRows:
            "rows that repeat what the schema lets repeat: a duplicate in a column that is not unique, or more than one row in a table the app may keep at one row"
        case .unusualValues:
            "unusual values: 300-character or non-ASCII text, integers beyond 2^31 or 2^53"
        }
    }
}
