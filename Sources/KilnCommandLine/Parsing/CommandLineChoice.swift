import KilnBuild

/// A value that is one of a few names, e.g. a seed mode; anything else is a usage error that lists the
/// names and suggests the nearest.
public protocol CommandLineChoice: CommandLineValue, CaseIterable, RawRepresentable where RawValue == String {
    /// What this one value means in a few words, which a shell that describes values (fish) shows beside it;
    /// nil when the name says enough.
    var meaning: String? { get }
    /// The cases the command line takes, in the order it lists them.
    static var choices: [Self] { get }
}

extension CommandLineChoice {
    /// No meaning beyond the name, unless the type says one.
    public var meaning: String? { nil }

    /// Every case, unless the type takes fewer.
    public static var choices: [Self] { Array(allCases) }

    /// The case named `text`.
    ///
    /// - Throws: ``UsageError`` for another name, e.g. `'--mode' takes insert, upsert or sync, not 'upsrt'`
    ///   with the hint `did you mean 'upsert'?`.
    public init(commandLine text: String, option: String, context: ParsingContext) throws {
        guard let value = Self.choices.first(where: { $0.rawValue == text }) else {
            let names = Self.choices.map(\.rawValue)
            throw UsageError(
                message: "'\(option)' takes \(names.spelledAsAlternatives), not '\(text)'",
                hint: Suggestion.closest(to: text, among: names).map { "did you mean '\($0)'?" },
                command: context.command)
        }
        self = value
    }
}
