import Kiln

/// The findings of the checker itself rather than of one rule: another area's error, or an error that is not
/// about a source file, that stopped a database's check.
enum CheckerFindings: FindingWording {
    /// Uncoded: SARIF lists them under one id per severity.
    static let codes: [FindingCode] = []

    /// The words of ``CheckFinding/Reason/error(_:)`` and ``CheckFinding/Reason/checkFailed(database:description:)``.
    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .error(let error): FindingWords("\(error)", code: nil)
        case .checkFailed(let database, let description): FindingWords("\(database): \(description)", code: nil)
        default: nil
        }
    }
}
