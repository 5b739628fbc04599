extension CheckFinding {
    /// The same query failure, marked as happening only after upgrading from `version`.
    ///
    /// - Returns: the marked finding; other findings unchanged.
    func upgraded(from version: Int32) -> CheckFinding {
        guard case .queryFailed(let message, _) = reason else { return self }
        return CheckFinding(.queryFailed(message: message, upgradedFrom: version), at: location)
    }
}
