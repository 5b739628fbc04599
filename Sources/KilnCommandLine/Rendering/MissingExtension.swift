import Kiln

/// A collation or function SQLite does not know (`no such collation sequence: unicase`,
/// `no such function: slugify`): the app registers it, and `kiln.json` can declare a stand-in for it.
struct MissingExtension {
    /// The name SQLite did not find.
    let name: String
    /// Whether it is a collation (else a function).
    let isCollation: Bool

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
            : "\"functions\": {\"\(name)\": {\"arguments\": 1, \"returns\": \"first-argument\"}} (or \"null\")"
        return "if the app registers '\(name)', declare a stand-in for kiln in kiln.json under databases.\(database): "
            + setting + "; the device must register the real one"
    }
}
