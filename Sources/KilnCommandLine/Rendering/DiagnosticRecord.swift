import Kiln

/// One diagnostic as every `--json` document lists it (`diagnostics: [...]`): the shape is the stable contract
/// documented in docs/json-output.md. Keys without a value (a diagnostic without a location, without
/// a rule) are left out.
struct DiagnosticRecord: Codable, Equatable, Sendable {
    /// `error`, `warning` or `note`.
    let severity: String
    /// The file, as kiln prints it (relative to the project root unless `--absolute-paths`).
    let file: String?
    /// The 1-based line.
    let line: Int?
    /// The 1-based column, in UTF-8 bytes.
    let column: Int?
    /// What is wrong.
    let message: String
    /// The rule or finding id (`migration-edited`, `drop-table`), when there is one.
    let code: String?
    /// The notes printed under it: its hint, and any `note:` diagnostics that follow it.
    let notes: [DiagnosticNoteRecord]

    /// A record and the diagnostic it starts from (whose hint is the record's first note, when it has one).
    struct Origin {
        /// The record, with the notes that joined it.
        let record: DiagnosticRecord
        /// The error, warning or lone note it starts from.
        let diagnostic: Diagnostic
    }

    /// The records of diagnostics in the order they were printed: a `note:` diagnostic joins the notes of the
    /// error or warning before it; a note with nothing before it stands alone.
    static func records(of diagnostics: [Diagnostic]) -> [DiagnosticRecord] {
        origins(of: diagnostics).map(\.record)
    }

    /// The records of diagnostics as ``records(of:)`` makes them, each with the diagnostic it starts from.
    static func origins(of diagnostics: [Diagnostic]) -> [Origin] {
        var origins: [Origin] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note, let last = origins.popLast() {
                origins.append(
                    Origin(
                        record: last.record.adding(DiagnosticNoteRecord.notes(of: diagnostic)),
                        diagnostic: last.diagnostic))
            } else {
                origins.append(Origin(record: DiagnosticRecord(diagnostic), diagnostic: diagnostic))
            }
        }
        return origins
    }

    /// The message, then each note on a line of its own (`note: …`), as annotations and SARIF results show it.
    var messageWithNotes: String {
        ([message] + notes.map { "note: \($0.message)" }).joined(separator: "\n")
    }

    /// A diagnostic's record, its hint its one note.
    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        file = diagnostic.location?.path
        line = diagnostic.location?.line
        column = diagnostic.location?.column
        message = diagnostic.message
        code = diagnostic.code
        notes = diagnostic.hint.map { [DiagnosticNoteRecord(message: $0, at: diagnostic.location)] } ?? []
    }

    /// The record with more notes.
    private func adding(_ more: [DiagnosticNoteRecord]) -> DiagnosticRecord {
        DiagnosticRecord(
            severity: severity, file: file, line: line, column: column, message: message, code: code,
            notes: notes + more)
    }

    /// A record from its parts.
    private init(
        severity: String, file: String?, line: Int?, column: Int?, message: String, code: String?,
        notes: [DiagnosticNoteRecord]
    ) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.code = code
        self.notes = notes
    }
}

/// A note under a diagnostic: its message and, when it points somewhere, where.
struct DiagnosticNoteRecord: Codable, Equatable, Sendable {
    /// What the note says.
    let message: String
    /// The file it points into.
    let file: String?
    /// The 1-based line.
    let line: Int?
    /// The 1-based column.
    let column: Int?

    /// A note at `location` (a hint is printed at its diagnostic's location).
    init(message: String, at location: SourceLocation?) {
        self.message = message
        file = location?.path
        line = location?.line
        column = location?.column
    }

    /// A `note:` diagnostic as notes: its message, then its own hint.
    static func notes(of diagnostic: Diagnostic) -> [DiagnosticNoteRecord] {
        [DiagnosticNoteRecord(message: diagnostic.message, at: diagnostic.location)]
            + (diagnostic.hint.map { [DiagnosticNoteRecord(message: $0, at: diagnostic.location)] } ?? [])
    }
}
