import KilnBuild

/// `kiln completions bash|zsh|fish`: prints a script completing kiln's subcommands, options, choice values, file
/// paths and the project's database names, generated from the same specs as help and the man page.
enum CompletionsCommand: KilnCommand {
    /// `<shell>`, required: the scripts name their own shell even when they only ask for database names.
    static let shell = Argument<String>(name: "shell", help: "bash, zsh or fish.")
        .completing(.choices(CompletionShell.allCases.map(\.rawValue)))
    /// `--list-databases`, hidden: what the scripts call to complete a `<database>`.
    static let listDatabases = Option<Bool>(
        flag: "list-databases", help: "Print the project's database names, one a line (for the scripts)."
    )
    .hidden()

    static let spec = CommandSpec(
        name: "completions", abstract: "Prints a shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes subcommands, options, their values and the project's database names (it asks
            kiln for them, which finds the project as every command does: a --root already typed, KILN_ROOT, the
            folders above). Install it once per shell:

            bash: add this line to ~/.bashrc (or save the script in the folder bash-completion reads, e.g.
            ~/.local/share/bash-completion/completions/kiln):
                source <(kiln completions bash)

            zsh: save it as _kiln in a folder of $fpath, e.g.:
                mkdir -p ~/.zsh/completion
                kiln completions zsh > ~/.zsh/completion/_kiln
            then add these lines to ~/.zshrc, before any compinit:
                fpath=(~/.zsh/completion $fpath)
                autoload -U compinit && compinit

            fish: save it as kiln.fish in fish's completions folder:
                cd ~/.config/fish/completions
                kiln completions fish > kiln.fish
            """,
        arguments: [shell.declaration], options: [listDatabases.declaration], group: .kiln, needsProject: false)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        if arguments[listDatabases] {
            for name in databaseNames(root: arguments[CommonOptions.root], context: context) {
                context.standardOutput(name + "\n")
            }
            return KilnTool.success
        }
        let name = arguments[shell]
        guard let shell = CompletionShell(rawValue: name) else {
            let names = CompletionShell.allCases.map(\.rawValue)
            throw UsageError(
                message: "'kiln completions' writes scripts for bash, zsh or fish, not '\(name)'",
                hint: Suggestion.closest(to: name, among: names).map { "did you mean '\($0)'?" }, command: spec.name)
        }
        context.standardOutput(shell.script(commands: KilnTool.allSpecs))
        return KilnTool.success
    }

    /// The database names of the project found as every command finds it (`--root`, else `KILN_ROOT`, else the
    /// nearest folder at or above the current one holding a project), keeping only those that pass the
    /// database-name rule (``KilnProject/isValidDatabaseName(_:)``), so a shell is never offered a folder name it
    /// could expand or split. No project, or one that cannot be read, gives none, silently: this is what a shell
    /// calls on every Tab.
    ///
    /// `completions` needs no project, so `context.root` is the current folder, or `--root` when given (which
    /// ``ProjectLocator`` takes as it is).
    static func databaseNames(root: CommandLinePath?, context: CommandContext) -> [String] {
        guard
            let location = try? ProjectLocator.locate(
                given: root?.folderURL, environment: context.environment, startFolder: context.root),
            let names = try? KilnProject(root: location.root).databaseNames()
        else { return [] }
        return names.filter(KilnProject.isValidDatabaseName)
    }
}
