/// What a command line asks of the output, read from its raw words: used only when parsing failed (or found no
/// subcommand), when ``OutputDocument/requested(by:)`` has nothing to read, yet `--json`, `--format` and
/// `--color` must still count.
struct RawOutputRequest {
    /// The words before `--`, where options end.
    private let words: ArraySlice<String>

    /// Reads `arguments` (a subcommand's, or all of kiln's).
    init(_ arguments: [String]) {
        words = arguments.prefix { $0 != "--" }
    }

    /// The document asked for: JSON for `--json` or `--format json` / `--format=json`, SARIF for
    /// `--format sarif`; nil for text.
    var document: OutputDocument? {
        if words.contains("--json") { return .json }
        switch value(of: "--format") {
        case "json": return .json
        case "sarif": return .sarif
        default: return nil
        }
    }

    /// Whether JSON goes out as JSON Lines: `kiln migrate --each` streams one object per file, so its error
    /// documents are one line too.
    var asksForJSONLines: Bool { words.contains { $0 == "--each" || $0.hasPrefix("--each=") } }

    /// `--color`'s value when it names a choice, else `auto`.
    var color: ColorChoice { value(of: "--color").flatMap(ColorChoice.init(rawValue:)) ?? .auto }

    /// The output settings the run would have had, from the context's settings, `--color`, `--json` and `--format`.
    func settings(from context: CommandContext) -> OutputSettings {
        var settings = context.output
        settings.apply(
            color: color, quiet: false, document: context.output.document ?? document, environment: context.environment,
            standardErrorIsTerminal: context.standardErrorIsTerminal)
        settings.isJSONLines = asksForJSONLines
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
