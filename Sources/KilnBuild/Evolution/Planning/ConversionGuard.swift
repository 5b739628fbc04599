import Kiln

/// A conversion whose only loss kiln can tell row by row, so the copy needs no decision from the developer:
/// it carries every value the new type keeps exactly, and stops the migration at the first one it would
/// change. SQLite's `RAISE` works only in triggers, so the copy fails through `json_extract` with a path that
/// is the message (every SQLite with JSON refuses a path not starting with `$`, quoting it in its error):
/// the migrator reports it at the copy's statement, naming the table, column and value, and rolls back.
package enum ConversionGuard: Sendable, Equatable {
    /// Into REAL: an integer a double does not hold exactly (beyond 2^53: 9007199254740993 would become
    /// 9007199254740992.0).
    case integersBeyondReal
    /// Into TEXT: a real whose text (15 significant digits) reads back as another number (`0.1 + 0.2` would
    /// become `'0.3'`).
    case realsBeyondText

    /// The words every guard's failure starts with, which ``isFailure(_:)`` looks for.
    static let marker = "kiln stopped converting "

    /// Whether `message`, an error SQLite reported, is a guard's failure.
    package static func isFailure(_ message: String) -> Bool {
        message.contains("JSON path") && message.contains("'\(marker)")
    }

    /// The values it stops at, as a risk says them, e.g. `an integer beyond 2^53 (REAL would round it)`.
    var lostValues: String {
        switch self {
        case .integersBeyondReal: "an integer beyond 2^53 (REAL would round it)"
        case .realsBeyondText: "a real that TEXT would change (its 15-digit text reads back as another number)"
        }
    }

    /// The type the values are converted to, as SQL names it.
    private var type: String {
        switch self {
        case .integersBeyondReal: "REAL"
        case .realsBeyondText: "TEXT"
        }
    }

    /// Whether `value` (a column of the old table) is one the conversion would change: asked of SQLite, which
    /// converts it and compares the result with the value (integers and reals compare exactly).
    func changes(_ value: String) -> String {
        switch self {
        case .integersBeyondReal: "typeof(\(value)) = 'integer' AND CAST(\(value) AS REAL) <> \(value)"
        case .realsBeyondText: "typeof(\(value)) = 'real' AND CAST(CAST(\(value) AS TEXT) AS REAL) <> \(value)"
        }
    }

    /// An expression that fails with a message naming `table` and `column` (wanted names), `value` and what
    /// it would become: `kiln stopped converting "m"."big": 9007199254740993 would become 9007199254740992.0
    /// as REAL`.
    func failure(_ value: String, table: String, column: String) -> String {
        let shown: (String, String) =
            switch self {
            case .integersBeyondReal: (value, "printf('%!.17g', CAST(\(value) AS REAL))")
            case .realsBeyondText: ("printf('%!.17g', \(value))", "CAST(\(value) AS TEXT)")
            }
        let parts = [
            SQLText.literal("\(Self.marker)\(quoted(table)).\(quoted(column)): "), shown.0,
            SQLText.literal(" would become "), shown.1, SQLText.literal(" as \(type)"),
        ]
        return "json_extract('{}', \(parts.joined(separator: " || ")))"
    }
}
