/// The shape of one subcommand: what it is for, its positional arguments and its options. Help text and
/// usage lines are generated from it, and the parser checks input against it.
public struct CommandSpec: Sendable {
    /// The subcommand's name, e.g. `migrate`.
    public let name: String
    /// One sentence saying what it does.
    public let abstract: String
    /// Further explanation shown in `--help`.
    public var discussion: String = ""
    /// Positional arguments, in order.
    public var arguments: [ArgumentDeclaration] = []
    /// Options, in the order help lists them.
    public var options: [OptionDeclaration] = []
    /// The group `kiln help` lists it in.
    public var group: CommandGroup = .kiln
    /// Whether it takes the options every command takes (`--root`, `--color`...); `kiln help` does not.
    public var takesCommonOptions = true
    /// Whether it works on a project, found before it runs (``ProjectDiscovery``): `init` makes one where it is
    /// told, `version` and `completions` need none (completions' database listing finds the project itself).
    public var needsProject = true

    /// Every option the command accepts, its own followed by the common ones.
    var allOptions: [OptionDeclaration] { options + commonOptions }

    /// The common options, or none for a command that does not take them.
    var commonOptions: [OptionDeclaration] { takesCommonOptions ? CommonOptions.all : [] }

    /// The common options help, the man page and completions show: all of them, except for a command that needs
    /// no project and takes neither an argument nor a visible option of its own (`version`), which shows only
    /// `-h, --help` (it still accepts the others, and ignores them); none for a command that takes none.
    var shownCommonOptions: [OptionDeclaration] {
        guard takesCommonOptions else { return [] }
        let isBare = !needsProject && arguments.isEmpty && visibleOptions.isEmpty
        return isBare ? [CommonOptions.help.declaration] : CommonOptions.all
    }

    /// Whether help shows `--root`, so whether usage lines end in `[--root <dir>]`.
    var showsRoot: Bool { shownCommonOptions.contains { $0.name == CommonOptions.root.declaration.name } }

    /// The command's own options that help, the man page and completions show.
    var visibleOptions: [OptionDeclaration] { options.filter { !$0.isHidden } }
}
