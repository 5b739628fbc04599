import Kiln

/// A collation or function SQLite does not know (`no such collation sequence: unicase`,
/// `no such function: slugify`): the app registers it, and `kiln.json` can declare a stand-in for it.
struct MissingExtension {
    /// The name SQLite did not find.
    let name: String
    /// Whether it is a collation (else a function).
    let isCollation: Bool
    /// For a function: the argument counts the migration calls it with (none known: 1 is suggested).
    var arities: [Int] = []

    /// Reads SQLite's message; nil for any other error.
    init?(message: String) {
        for (prefix, isCollation) in [("no such collation sequence: ", true), ("no such function: ", false)]
        where message.hasPrefix(prefix) {
            self.name = String(message.dropFirst(prefix.count))
            self.isCollation = isCollation
            return
        }
        return nil
    }

    /// What to write in `kiln.json` so kiln can run the migrations of `database`.
    func hint(database: String) -> String {
        let setting =
            isCollation
            ? "\"collations\": {\"\(name)\": \"NOCASE\"} (or BINARY, RTRIM)"
            : "\"functions\": {\"\(name)\": {\"arguments\": \(arities.first ?? 1), \"returns\": \"\(arities.first == 0 ? "null" : "first-argument")\"}}"
                + (arities.first == 0 ? "" : " (or \"null\")")
        let calls =
            arities.count > 1
            ? " (the migration calls it with \(arities.map(String.init).joined(separator: " and ")) arguments: a stand-in takes one count, so the calls must agree)"
            : ""
        return "if the app registers '\(name)', declare a stand-in for kiln in kiln.json under databases.\(database): "
            + setting + calls + "; the device must register the real one"
    }
}
