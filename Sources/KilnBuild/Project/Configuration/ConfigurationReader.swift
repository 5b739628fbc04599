import Kiln

/// Walks a parsed `kiln.json`, typing every value and collecting every problem at its key or value.
struct ConfigurationReader {
    /// A name with no folder part, not hidden, not `.` or `..`.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".") && !name.contains("\0")
    }

    /// A path relative to the project folder that names a file: not empty, not absolute, not ending in `/`.
    static func isDevelopmentPath(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.hasSuffix("/") && !path.contains("\0")
            && !path.hasPrefix("~") && !path.hasPrefix("file:") && path != ":memory:"
    }

    static let allowedDelimiters: [String: UInt8] = [",": 0x2C, ";": 0x3B, "\t": 0x09, "|": 0x7C]
    static let rootKeys = ["databases", "minimumSQLite", "schemaDiagram", "schemaFile"]
    static let databaseKeys = [
        "analyze", "applicationId", "collations", "delimiters", "development", "doubleQuotedStrings", "functions",
        "output",
        "pageSize", "releases", "schemaDiagram", "textInNumericColumns",
    ]

    let source: SourceText
    private(set) var problems: [ConfigurationError.Problem] = []

    init(source: SourceText) { self.source = source }

    /// The configuration the document describes, as far as it is valid.
    ///
    /// - Returns: the typed settings; ``problems`` says what was refused.
    mutating func read(_ document: JSONValue) -> KilnConfiguration {
        var configuration = KilnConfiguration()
        for member in object(document, path: "") {
            switch member.key {
            case "databases":
                for database in object(member.value, path: "databases") {
                    let path = "databases.\(database.key)"
                    configuration.databases[database.key] = readDatabase(database.value, path: path)
                    configuration.databaseKeyLocations[database.key] = source.location(ofByte: database.keyOffset)
                    configuration.delimiterKeyLocations[database.key] = tableKeyLocations(database.value, "delimiters")
                    configuration.textColumnKeyLocations[database.key] = tableKeyLocations(
                        database.value, "textInNumericColumns")
                    if let output = database.value.members?.first(where: { $0.key == "output" }) {
                        configuration.outputLocations[database.key] = location(of: output.value)
                    }
                }
            case "minimumSQLite":
                guard let version = member.value.string.flatMap(SQLiteVersion.init) else {
                    problem(.invalidMinimumSQLite, at: member.value)
                    continue
                }
                configuration.minimumSQLite = version
            case "schemaFile":
                configuration.schemaFile =
                    boolean(member.value, .invalidSchemaSetting(path: member.key)) ?? configuration.schemaFile
            case "schemaDiagram":
                configuration.schemaDiagram =
                    boolean(member.value, .invalidSchemaSetting(path: member.key)) ?? configuration.schemaDiagram
            default:
                unknownKey(member, path: member.key, allowed: Self.rootKeys)
            }
        }
        return configuration
    }

    private mutating func readDatabase(_ value: JSONValue, path: String) -> KilnConfiguration.DatabaseSettings {
        var settings = KilnConfiguration.DatabaseSettings()
        for member in object(value, path: path) {
            let keyPath = "\(path).\(member.key)"
            let value = member.value
            switch member.key {
            case "applicationId":
                guard let id = value.integer.flatMap({ Int32(exactly: $0) }) else {
                    problem(.invalidApplicationID(path: keyPath), at: value)
                    continue
                }
                settings.applicationID = id
            case "output", "development":
                readFileName(member.key, value, path: keyPath, into: &settings)
            case "pageSize":
                guard let size = value.integer.flatMap({ Int(exactly: $0) }), Self.isPageSize(size) else {
                    problem(.invalidPageSize(path: keyPath), at: value)
                    continue
                }
                settings.pageSize = size
            case "analyze":
                settings.analyze = boolean(value, .invalidAnalyze(path: keyPath)) ?? settings.analyze
            case "delimiters":
                settings.delimiters = readDelimiters(value, path: keyPath)
            case "textInNumericColumns":
                settings.textInNumericColumns = readTextColumns(value, path: keyPath)
            case "doubleQuotedStrings":
                guard let allowed = value.bool else {
                    problem(.invalidDoubleQuotedStrings(path: keyPath), at: value)
                    continue
                }
                settings.doubleQuotedStrings = allowed
            case "schemaDiagram":
                settings.schemaDiagram = boolean(value, .invalidSchemaSetting(path: keyPath)) ?? settings.schemaDiagram
            case "releases":
                settings.releases = releases(value, path: keyPath)
            case "collations":
                settings.standIns.collations = readCollationStandIns(value, path: keyPath)
            case "functions":
                settings.standIns.functions = readFunctionStandIns(value, path: keyPath)
            default:
                unknownKey(member, path: keyPath, allowed: Self.databaseKeys)
            }
        }
        return settings
    }

    /// `output` (a plain file name) or `development` (a path relative to the project folder).
    private mutating func readFileName(
        _ key: String, _ value: JSONValue, path: String, into settings: inout KilnConfiguration.DatabaseSettings
    ) {
        if key == "output" {
            guard let name = value.string, Self.isPlainFileName(name) else {
                return problem(.invalidOutput(path: path), at: value)
            }
            settings.output = name
        } else {
            guard let file = value.string, Self.isDevelopmentPath(file) else {
                return problem(.invalidDevelopment(path: path), at: value)
            }
            settings.development = file
        }
    }

    /// An ascending list of versions, each at least 1; nil and a problem at the value for anything else.
    private mutating func releases(_ value: JSONValue, path: String) -> [Int32]? {
        let versions = value.elements?.compactMap { $0.integer.flatMap { Int32(exactly: $0) } }
        guard let versions, versions.count == value.elements?.count, versions.allSatisfy({ $0 >= 1 }),
            zip(versions, versions.dropFirst()).allSatisfy({ $0 < $1 })
        else {
            problem(.invalidReleases(path: path), at: value)
            return nil
        }
        return versions
    }

    /// A boolean value, or nil and `problem` at it for anything else.
    private mutating func boolean(_ value: JSONValue, _ problem: ConfigurationError.Reason) -> Bool? {
        guard let bool = value.bool else {
            self.problem(problem, at: value)
            return nil
        }
        return bool
    }

    private mutating func readDelimiters(_ value: JSONValue, path: String) -> [String: UInt8] {
        var delimiters: [String: UInt8] = [:]
        for member in object(value, path: path) {
            guard let byte = member.value.string.flatMap({ Self.allowedDelimiters[$0] }) else {
                problem(.invalidDelimiter(path: "\(path).\(member.key)"), at: member.value)
                continue
            }
            delimiters[member.key] = byte
        }
        return delimiters
    }

    /// Each table's column names of a database's `textInNumericColumns` object: an array of strings each.
    private mutating func readTextColumns(_ value: JSONValue, path: String) -> [String: [String]] {
        var columns: [String: [String]] = [:]
        for member in object(value, path: path) {
            let names = member.value.elements?.compactMap(\.string)
            guard let names, names.count == member.value.elements?.count, !names.isEmpty else {
                problem(.invalidTextColumns(path: "\(path).\(member.key)"), at: member.value)
                continue
            }
            columns[member.key] = names
        }
        return columns
    }

    /// Where each table key of a database's `key` object (`delimiters`, `textInNumericColumns`) is.
    private func tableKeyLocations(_ database: JSONValue, _ key: String) -> [String: SourceLocation] {
        let tables = database.members?.first(where: { $0.key == key })?.value.members ?? []
        return Dictionary(
            tables.map { ($0.key, source.location(ofByte: $0.keyOffset)) }, uniquingKeysWith: { first, _ in first })
    }

    /// A power of two from 512 to 65536, as `PRAGMA page_size` takes.
    static func isPageSize(_ size: Int) -> Bool {
        size >= 512 && size <= 65536 && size & (size - 1) == 0
    }

    /// The members of an object; a problem and no members for anything else.
    mutating func object(_ value: JSONValue, path: String) -> [JSONValue.Member] {
        guard let members = value.members else {
            problem(.notAnObject(path: path), at: value)
            return []
        }
        return members
    }

    mutating func unknownKey(_ member: JSONValue.Member, path: String, allowed: [String]) {
        problems.append(
            ConfigurationError.Problem(
                .unknownKey(path: path, allowed: allowed), at: source.location(ofByte: member.keyOffset)))
    }

    mutating func problem(_ reason: ConfigurationError.Reason, at value: JSONValue) {
        problems.append(ConfigurationError.Problem(reason, at: location(of: value)))
    }

    private func location(of value: JSONValue) -> SourceLocation { source.location(ofByte: value.offset) }
}
