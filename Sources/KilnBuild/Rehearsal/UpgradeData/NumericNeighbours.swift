import Kiln

/// A number a CHECK names and its neighbours: `x > 0` wants 1, `x < 10` wants 9, `x BETWEEN 0 AND 3` is met
/// by both bounds.
enum NumericNeighbours {
    /// `value`, then one above and one below (integers), or half above and below (reals).
    ///
    /// - Returns: the candidates, `value` first.
    static func around(_ value: SQLiteValue) -> [SQLiteValue] {
        switch value {
        case .integer(let number):
            let above = number.addingReportingOverflow(1)
            let below = number.subtractingReportingOverflow(1)
            return [value] + (above.overflow ? [] : [.integer(above.partialValue)])
                + (below.overflow ? [] : [.integer(below.partialValue)])
        case .real(let number): return [value, .real(number + 0.5), .real(number - 0.5)]
        default: return [value]
        }
    }
}
