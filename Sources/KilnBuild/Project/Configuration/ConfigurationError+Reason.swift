extension ConfigurationError.Reason {
    /// What is wrong, in words.
    var message: String {
        switch self {
        case .unreadable(let error): "cannot read the file: \(error.systemMessage)"
        case .invalidJSON: "the file is not valid JSON"
        case .trailingComma: "a trailing comma is not valid JSON"
        case .duplicateKey(let path, _): "duplicate key '\(path)'"
        case .notAnObject(let path): "'\(path.isEmpty ? "the document" : path)' must be a JSON object"
        case .unknownKey(let path, _): "unknown key '\(path)'"
        case .invalidMinimumSQLite: "'minimumSQLite' must be a SQLite version such as \"3.36.0\""
        case .invalidApplicationID(let path): "'\(path)' must be an integer that fits 32 bits"
        case .invalidOutput(let path): "'\(path)' must be a file name without folders"
        case .invalidDevelopment(let path): "'\(path)' must be a file path relative to the project folder"
        case .invalidPageSize(let path): "'\(path)' must be a power of two from 512 to 65536"
        case .invalidAnalyze(let path): "'\(path)' must be true or false"
        case .invalidReleases(let path): "'\(path)' must be a list of versions in ascending order, each at least 1"
        case .invalidDelimiter(let path): "'\(path)' must be one of \",\", \";\", \"\\t\", \"|\""
        case .invalidTextColumns(let path): "'\(path)' must be a non-empty array of column names"
        case .outputCollision(let database, let file, let owner):
            "database '\(database)' would write \(file), which is also \(owner.name)'s output"
        case .invalidDoubleQuotedStrings(let path): "'\(path)' must be true or false"
        case .unknownDatabase(let name, _): "no database named '\(name)' (no folder migrations/\(name))"
        case .unknownSeedTable(let database, let table, _, let setting):
            (setting == "delimiters" ? "a delimiter" : setting)
                + " for table '\(table)', which has no seed file in seeds/\(database)/"
        case .invalidCollationStandIn(let path): "'\(path)' must be \"BINARY\", \"NOCASE\" or \"RTRIM\""
        case .invalidFunctionArguments(let path):
            "'\(path)' must be an integer from 0 to 127 (at least 1 for \"first-argument\")"
        case .invalidFunctionReturns(let path): "'\(path)' must be \"first-argument\" or \"null\""
        case .invalidSchemaSetting(let path): "'\(path)' must be true or false"
        }
    }

    /// How to fix it, when there is something to say.
    var hint: String? {
        switch self {
        case .unreadable, .notAnObject, .invalidAnalyze: nil
        case .invalidDoubleQuotedStrings:
            "true lets the database's SQL use \"text\" as a string literal, as legacy SQLite did; kiln's default is false"
        case .unknownDatabase(let name, let known):
            Self.didYouMean(name, among: known)
                + (known.isEmpty
                    ? "there are no databases yet" : "the databases are: \(known.joined(separator: ", "))")
        case .unknownSeedTable(_, let table, let known, _):
            Self.didYouMean(table, among: known)
                + (known.isEmpty
                    ? "the database has no seed files" : "the seeded tables are: \(known.joined(separator: ", "))")
        case .invalidJSON(let problem):
            problem.isMisplacedByte ? "check for a missing comma or quote; \(problem.detail)" : problem.detail
        case .trailingComma: "remove the comma after the last member or element"
        case .duplicateKey(_, let first):
            "a key may appear once in an object; the first is at line \(first.line), column \(first.column)"
        case .unknownKey(_, let allowed): "the keys allowed here are: \(allowed.joined(separator: ", "))"
        case .invalidMinimumSQLite: "iOS 15 ships SQLite 3.36.0, iOS 16 3.39.x, iOS 17 3.43.x"
        case .invalidApplicationID:
            "use a number such as 1263421772 (application_id is a signed 32-bit integer)"
        case .invalidOutput:
            "the file is written into the output folder, e.g. \"countries\" or \"vehiculos.sqlite\""
        case .invalidDevelopment:
            "the developer's own database file, e.g. \"dev/shop.sqlite\"; KILN_DATABASE or --db names another"
        case .invalidPageSize: "4096 is SQLite's default"
        case .invalidReleases:
            "list the version each release of the app shipped at, oldest first, e.g. [4, 9, 12]: devices are only ever at those versions"
        case .invalidDelimiter: "a seed file's field separator is a single comma, semicolon, tab or vertical bar"
        case .invalidTextColumns: "e.g. \"textInNumericColumns\": { \"reading\": [\"value\"] }"
        case .outputCollision: "give each database its own output name in kiln.json"
        case .invalidCollationStandIn:
            "a stand-in compares like one of SQLite's built-in collations; the device registers the real one"
        case .invalidFunctionArguments, .invalidFunctionReturns:
            "declare a function as {\"arguments\": 1, \"returns\": \"first-argument\"} or {\"arguments\": 0, \"returns\": \"null\"}"
        case .invalidSchemaSetting(let path):
            path.hasSuffix("schemaFile")
                ? "true makes every database keep a schema file, schema/<database>.sql, which the check verifies"
                : "true keeps schema/<database>.md, the diagram of the schema, beside schema/<database>.sql"
        }
    }

    /// `did you mean 'x'? ` when a known name is close to `name`, else nothing.
    private static func didYouMean(_ name: String, among known: [String]) -> String {
        Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? ""
    }

    /// The stable rule identifier, where one exists.
    var code: String? {
        switch self {
        case .outputCollision: "output-collision"
        case .unknownDatabase: "unknown-database"
        case .unknownSeedTable: "unknown-table"
        default: nil
        }
    }
}

extension ConfigurationError.OutputOwner {
    /// `the build manifest` or `'name'`.
    var name: String {
        switch self {
        case .manifest: "the build manifest"
        case .database(let name): "'\(name)'"
        }
    }
}
