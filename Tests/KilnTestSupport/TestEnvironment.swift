import Foundation

/// The environment tests run kiln with: this process's, without the variables that change kiln's output or
/// which project it finds, so a developer's `NO_COLOR` or a CI's `GITHUB_ACTIONS` never changes a result.
public enum TestEnvironment {
    /// The variables removed.
    public static let outputVariables = [
        "NO_COLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES", "KILN_ROOT", "KILN_DATABASE", "GITHUB_ACTIONS", "TERM",
        // A CI runner's checkout folder: annotation paths and SARIF URIs are named from it when it is set.
        "GITHUB_WORKSPACE",
    ]

    /// This process's environment without ``outputVariables``.
    public static var kiln: [String: String] {
        var variables = ProcessInfo.processInfo.environment
        for name in outputVariables { variables[name] = nil }
        return variables
    }
}
