import Kiln

/// An FTS5 table (<https://www.sqlite.org/fts5.html>) as a plan needs it: the columns it indexes and where its
/// rows' values live, which says whether its rows can be carried into the table made again when its definition
/// changes (another tokenizer, other columns or options: SQLite has no `ALTER` for them).
///
/// Its options are read by tokens from the statement SQLite stores (``SQLLexer``): each argument of the module
/// is a column or `option = value`, the value a bareword or a literal quoted in any way SQLite accepts.
struct FullTextTable {
    /// Where an FTS5 table's values live (<https://www.sqlite.org/fts5.html#external_content_and_contentless_tables>).
    enum Content: Equatable {
        /// The table keeps a copy of every row it indexes: they can be read back and copied.
        case own
        /// `content=''`: the index only. "Attempting to read any column value except the rowid from a
        /// contentless FTS5 table returns an SQL NULL value", so its rows cannot be copied, and its 'rebuild'
        /// command is not available.
        case contentless
        /// `content=table`: the values are read from that table by `content_rowid` (the rowid unless set); the
        /// 'rebuild' command makes the whole index again from it.
        case external(table: String, rowID: String)
    }

    /// The table's name.
    let name: String
    /// Its columns, in order (not the hidden one named like the table, nor `rank`).
    let columns: [String]
    /// Where its values live.
    let content: Content

    /// The FTS5 table `table` is, or nil for an ordinary table or another module's.
    init?(_ table: SchemaModel.Table) {
        guard let definition = table.virtualDefinition else { return nil }
        var lexer = SQLLexer(table.stored.sql.isEmpty ? definition : table.stored.sql)
        let tokens = lexer.tokens()
        guard let using = tokens.firstIndex(where: { lexer.isWord($0, "USING") }), using + 1 < tokens.count,
            lexer.isWord(tokens[using + 1], "fts5")
        else { return nil }
        var options: [String: String] = [:]
        if let group = SchemaTokens.firstGroup(tokens[(using + 2)...], lexer: lexer) {
            for argument in SchemaTokens.splitAtCommas(group.inside, lexer: lexer) {
                guard let (option, value) = Self.option(argument, lexer: lexer) else { continue }
                options[option] = value
            }
        }
        name = table.name
        columns = table.columns.filter { $0.hidden == 0 }.map(\.name)
        switch options["content"] {
        case nil: content = .own
        case ""?: content = .contentless
        case let source?: content = .external(table: source, rowID: options["content_rowid"] ?? "rowid")
        }
    }

    /// `option = value` as the option's lower-cased name and the value's text; nil for a column.
    private static func option(_ argument: ArraySlice<SQLToken>, lexer: SQLLexer) -> (String, String)? {
        let parts = Array(argument)
        guard parts.count == 3, parts[1].kind == .symbol, lexer.text(of: parts[1]) == "=",
            let option = lexer.identifier(of: parts[0])
        else { return nil }
        let value = lexer.literalValue(of: parts[2]) ?? lexer.identifier(of: parts[2]) ?? lexer.text(of: parts[2])
        return (option.lowercased(), value)
    }

    /// Whether `name` is one of the rowid's own names (`rowid`, `_rowid_`, `oid`) rather than a column's.
    static func isRowID(_ name: String) -> Bool {
        ["rowid", "_rowid_", "oid"].contains(name.lowercased())
    }

    /// `INSERT INTO t(t) VALUES('rebuild')`: the FTS5 command that deletes the whole index and makes it again
    /// from the content table (<https://www.sqlite.org/fts5.html#the_rebuild_command>).
    var rebuildStatement: String {
        "INSERT INTO \(quoted(name)) (\(quoted(name))) VALUES ('rebuild')"
    }

    /// The suffixes of the shadow tables FTS5 creates and renames with the table (`<name>_data`, …).
    static let shadowSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"]
}
