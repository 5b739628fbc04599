import KilnBuild

/// An environment variable kiln reads, with what it does: the one table the manual's ENVIRONMENT section and
/// root help's list are made from. A test checks that every variable read in `Sources` is in ``all``.
struct EnvironmentVariable: Sendable {
    /// The variable's name, e.g. `NO_COLOR`.
    let name: String
    /// What it changes, one or two sentences.
    let help: String

    /// Every variable kiln reads, the project's first, then the terminal's, then CI's and the build's.
    static let all = [
        EnvironmentVariable(
            name: ProjectLocator.environmentVariable,
            help: "The project folder when no --root is given (relative to the current folder); it must hold "
                + "kiln.json or migrations/."),
        EnvironmentVariable(
            name: DatabaseTarget.environmentVariable,
            help: "The database file migrate, status, seed and reset use when no --db is given (relative to the "
                + "current folder); without it, the database's development file in kiln.json."),
        EnvironmentVariable(
            name: "NO_COLOR", help: "When set and not empty, no colour unless --color always."),
        EnvironmentVariable(
            name: "CLICOLOR_FORCE", help: "When set and not 0, colour even when standard error is no terminal."),
        EnvironmentVariable(name: "TERM", help: "dumb turns colour and progress off."),
        EnvironmentVariable(
            name: "COLUMNS", help: "The width help and progress are wrapped to (default: the terminal's, else 80)."),
        EnvironmentVariable(
            name: "GITHUB_ACTIONS", help: "true also prints diagnostics as GitHub Actions workflow commands."),
        EnvironmentVariable(
            name: "GITHUB_WORKSPACE",
            help: "The checked-out repository under GitHub Actions: annotations and SARIF name files from it."),
        EnvironmentVariable(
            name: BuildClock.sourceDateEpochVariable,
            help: "The instant, in seconds since 1970, SQL sees as now during a build."),
    ]
}
