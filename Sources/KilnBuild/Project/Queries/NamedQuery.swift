import Kiln

/// A statement of `queries/<database>.sql` that carries a name and a result shape in the comment line before
/// it, `-- name: CountriesByRegion :many`: the statement `kiln generate` writes a Swift function for.
package struct NamedQuery: Equatable, Sendable {
    /// What the generated function returns.
    package enum Shape: String, CaseIterable, Sendable {
        /// The first row, or nil when there is none.
        case one
        /// Every row, in an array.
        case many
        /// Every row, handed to a closure one at a time without building an array.
        case each
        /// No row: the number of rows the statement changed.
        case exec
    }

    /// The name as written, a Swift identifier (`CountriesByRegion`).
    package let name: String
    /// What the generated function returns.
    package let shape: Shape
    /// Where the name is written in the file.
    package let nameLocation: SourceLocation
    /// The statement after the comment.
    package let statement: SQLStatementRange
    /// The Swift types that `-- param:` lines give parameters, by parameter key (``ParameterKey``).
    package let parameterTypes: [String: LocatedType]

    /// A Swift type written in the queries file, and where.
    package struct LocatedType: Equatable, Sendable {
        /// The type as written, e.g. `Int64`, `Date?`, `Status`.
        package let type: String
        /// Where it is written.
        package let location: SourceLocation
    }

    /// The statement's SQL, as the generated code prepares it.
    ///
    /// - Returns: the statement's bytes as text, without the closing `;`.
    func sql(in file: SQLFile) -> String {
        let tokens = statement.tokens
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return String(decoding: file.source.bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
    }
}

/// How a `-- param:` line names a parameter, and how a parameter SQLite names is looked up among them:
/// `day` for `:day`, `@day` and `$day`; `?2` for `?2`, and for a bare `?` that is the statement's second
/// parameter.
package enum ParameterKey {
    /// The key of a parameter as a `-- param:` line writes it (`day`, `:day`, `?2` or `2`).
    ///
    /// - Returns: the key, or nil when it is no parameter's spelling.
    package static func written(_ text: String) -> String? {
        if let first = text.first, ":@$".contains(first) {
            return SwiftName.isIdentifier(String(text.dropFirst())) ? String(text.dropFirst()) : nil
        }
        if text.first == "?" { return Int(text.dropFirst()).map { "?\($0)" } }
        if let number = Int(text) { return "?\(number)" }
        return SwiftName.isIdentifier(text) ? text : nil
    }

    /// The key of the 1-based parameter `index` that SQLite names `name` (nil for a bare `?`).
    ///
    /// - Returns: the key.
    package static func of(name: String?, index: Int) -> String {
        guard let name, let first = name.first, first != "?" else { return "?\(index)" }
        return String(name.dropFirst())
    }
}
