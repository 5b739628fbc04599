/// A shell `kiln completions` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
    /// bash 3.2 and later (`complete -F`).
    case bash
    /// zsh (`#compdef`, `_arguments`).
    case zsh
    /// fish (`complete -c`).
    case fish

    /// The script completing kiln in this shell, generated from `commands`.
    ///
    /// - Parameter commands: every subcommand, `help` included.
    /// - Returns: the script, ending in a newline.
    func script(commands: [CommandSpec]) -> String {
        switch self {
        case .bash: BashCompletionScript.render(commands: commands)
        case .zsh: ZshCompletionScript.render(commands: commands)
        case .fish: FishCompletionScript.render(commands: commands)
        }
    }
}

extension CommandSpec {
    /// The options a shell offers after this subcommand: its own visible ones, then the common ones.
    var completedOptions: [OptionDeclaration] { (options + shownCommonOptions).filter { !$0.isHidden } }

    /// A name usable in a shell function's name: `-` becomes `_`.
    var functionName: String { name.replacingOccurrences(of: "-", with: "_") }
}

extension OptionDeclaration {
    /// Every spelling, e.g. `-q` and `--quiet`.
    var spellings: [String] { (shortName.map { ["-\($0)"] } ?? []) + ["--\(name)"] }
}
