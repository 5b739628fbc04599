/// The document a run prints on standard output instead of text: asked for by the shared `--json` flag
/// (``CommonOptions/json``) or by a `--format` whose value is a ``DocumentFormatChoice`` (`kiln check --format
/// json|sarif`, `kiln schema --format json`). Decided once per run into ``OutputSettings/document``; a failure
/// then prints the same kind of document.
public enum OutputDocument: Sendable, Equatable {
    /// One JSON document (`formatVersion`, `diagnostics`).
    case json
    /// A SARIF 2.1.0 log.
    case sarif

    /// The document a parsed command line asks for: `--json` first, else the first `--format` value that
    /// names a document; nil for text.
    static func requested(by arguments: ParsedArguments) -> OutputDocument? {
        if arguments.ifDeclared(CommonOptions.json) == true { return .json }
        return arguments.declaredValues(of: (any DocumentFormatChoice).self).lazy.compactMap(\.document).first
    }
}

/// A `--format` value that may ask for a document rather than text; ``OutputDocument/requested(by:)`` finds
/// every option of such a type, so a command's format needs no other wiring.
protocol DocumentFormatChoice: Sendable {
    /// The document this value prints, or nil for text.
    var document: OutputDocument? { get }
}

extension CheckReportFormat: DocumentFormatChoice {
    /// `json` and `sarif` are documents; `text` is not.
    var document: OutputDocument? {
        switch self {
        case .text: nil
        case .json: .json
        case .sarif: .sarif
        }
    }
}

extension SchemaCommand.Format: DocumentFormatChoice {
    /// `json` is a document; SQL, Mermaid and dot are text.
    var document: OutputDocument? { self == .json ? .json : nil }
}
