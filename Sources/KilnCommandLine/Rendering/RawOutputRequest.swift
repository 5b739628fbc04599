/// What a command line asks of the output, read from its raw words: a usage error is printed before (or
/// because) parsing failed, yet `--json` and `--color` must still count.
struct RawOutputRequest {
    /// The words before `--`, where options end.
    private let words: ArraySlice<String>

    /// Reads `arguments` (a subcommand's, or all of kiln's).
    init(_ arguments: [String]) {
        words = arguments.prefix { $0 != "--" }
    }

    /// Whether a JSON document was asked for: `--json`, or `--format json` / `--format=json`.
    var json: Bool { words.contains("--json") || value(of: "--format") == "json" }

    /// `--color`'s value when it names a choice, else `auto`.
    var color: ColorChoice { value(of: "--color").flatMap(ColorChoice.init(rawValue:)) ?? .auto }

    /// The output settings the run would have had, from the context's settings, `--color` and `--json`.
    func settings(from context: CommandContext) -> OutputSettings {
        var settings = context.output
        settings.apply(
            color: color, quiet: false, json: context.output.isJSON || json, environment: context.environment,
            standardErrorIsTerminal: context.standardErrorIsTerminal)
        return settings
    }

    /// The last value of an option, given as `--name value` or `--name=value`.
    private func value(of name: String) -> String? {
        var found: String?
        for (index, word) in zip(words.indices, words) {
            if word == name, words.index(after: index) < words.endIndex {
                found = words[words.index(after: index)]
            } else if word.hasPrefix(name + "=") {
                found = String(word.dropFirst(name.count + 1))
            }
        }
        return found
    }
}
