/// `kiln check --format text|json|sarif`: how the check's result is printed on standard output.
enum CheckReportFormat: String, CommandLineChoice, Sendable {
    /// Diagnostics on standard error, one summary line on standard output.
    case text
    /// One JSON document (`--json` is the same).
    case json
    /// A SARIF 2.1.0 log, for code-scanning tools.
    case sarif

    /// The format `--format` and `--json` ask for together.
    ///
    /// - Throws: ``UsageError`` when `--json` is given with `--format text` or `--format sarif`.
    static func resolve(format: CheckReportFormat?, json: Bool) throws -> CheckReportFormat {
        guard json else { return format ?? .text }
        if let format, format != .json {
            throw UsageError(
                message: "'--json' asks for JSON but '--format' asks for \(format.rawValue)",
                hint: "give one of them; '--json' is the same as '--format json'", command: "check")
        }
        return .json
    }
}
