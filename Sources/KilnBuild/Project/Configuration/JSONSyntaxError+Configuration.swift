import Kiln

extension JSONSyntaxError {
    /// The configuration problem this syntax error is.
    ///
    /// - Returns: a trailing comma, a duplicate key (with where it first appears), or invalid JSON.
    func configurationReason(in source: SourceText) -> ConfigurationError.Reason {
        switch reason {
        case .trailingComma: .trailingComma
        case .duplicateKey(let key, let firstOffset):
            .duplicateKey(path: key, first: source.location(ofByte: firstOffset))
        default: .invalidJSON(reason)
        }
    }
}
