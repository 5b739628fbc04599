import Kiln

/// A rename the developer names with `kiln plan --rename`: `old=new` renames a table, `table.old=new` a
/// column. Without one, a name that disappears and another that appears are a drop and a create, which lose
/// data; kiln never guesses a rename.
package enum SchemaRename: Equatable, Sendable, CustomStringConvertible {
    /// The table `from` (in the current schema) is `to` in the wanted one.
    case table(from: String, to: String)
    /// The column `from` of `table` is `to` in the wanted schema; `table` may be the table's current or
    /// wanted name.
    case column(table: String, from: String, to: String)

    /// Reads `old=new` or `table.old=new`; names may be double-quoted (`"a.b"=c`) to hold a dot, an `=` or
    /// anything else, as in SQL (`""` is the empty name).
    ///
    /// - Returns: the rename, or nil when the text has no `=` or a side with nothing written.
    package static func parse(_ text: String) -> SchemaRename? {
        guard let equals = lastUnquoted("=", in: text) else { return nil }
        let left = String(text[..<equals])
        let right = String(text[text.index(after: equals)...])
        guard !right.isEmpty, !left.isEmpty else { return nil }
        if let dot = lastUnquoted(".", in: left) {
            let table = String(left[..<dot])
            let column = String(left[left.index(after: dot)...])
            guard !table.isEmpty, !column.isEmpty else { return nil }
            return .column(table: unquoted(table), from: unquoted(column), to: unquoted(right))
        }
        return .table(from: unquoted(left), to: unquoted(right))
    }

    /// `old=new` or `table.old=new`, as written on the command line.
    package var description: String {
        switch self {
        case .table(let from, let to): "\(from)=\(to)"
        case .column(let table, let from, let to): "\(table).\(from)=\(to)"
        }
    }

    /// The last `mark` outside double quotes.
    private static func lastUnquoted(_ mark: Character, in text: String) -> String.Index? {
        var inQuotes = false
        var found: String.Index?
        for index in text.indices {
            if text[index] == "\"" { inQuotes.toggle() } else if text[index] == mark, !inQuotes { found = index }
        }
        return found
    }

    /// `name` without surrounding double quotes (a doubled quote inside stands for one).
    private static func unquoted(_ name: String) -> String {
        guard name.hasPrefix("\""), let value = SQLText.identifierValue(name) else { return name }
        return value
    }
}
