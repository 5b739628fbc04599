import Kiln

/// The findings of the checker itself rather than of one rule: another area's error, or an error that is not
/// about a source file, that stopped a database's check.
package enum CheckerFindings: FindingWording {
    /// The code of an error that stopped a database's check before any rule ran (an invalid migration set,
    /// `kiln.json`), or outside any rule.
    package static let stopped = "check-stopped"

    /// The checker's one code.
    package static let codes = [FindingCode(stopped, "Another area's error stopped the check of a database.")]

    /// The words of ``CheckFinding/Reason/error(_:)`` and ``CheckFinding/Reason/checkFailed(database:description:)``.
    package static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .error(let error, let code): FindingWords("\(error)", code: code)
        case .checkFailed(let database, let description): FindingWords("\(database): \(description)", code: stopped)
        default: nil
        }
    }
}
