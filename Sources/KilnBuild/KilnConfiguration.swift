import Foundation
import Kiln

/// The project's settings from `kiln.json`, all optional.
///
/// ```json
/// { "databases": { "countries": { "applicationId": 1263421772, "delimiters": { "country": ";" } } } }
/// ```
///
/// Unknown keys are errors, named by their path in the document (`databases.countries.aplicationId`) and
/// their line, so a typo never silently changes nothing.
public struct KilnConfiguration: Sendable, Equatable {
    /// One database's settings.
    public struct DatabaseSettings: Sendable, Equatable {
        /// `PRAGMA application_id` stamped on every file kiln creates for this database; 0 means none.
        public var applicationID: Int32 = 0
        /// Field separators of seed files that do not use `,`, by table name.
        public var delimiters: [String: UInt8] = [:]
        /// The built file's name inside the output folder; nil means `<database>.sqlite`.
        public var output: String?
        /// `PRAGMA page_size` of the built file: a power of two from 512 to 65536.
        public var pageSize = 4096
        /// Whether the build runs `ANALYZE`, so the shipped file carries query-planner statistics.
        public var analyze = false

        /// The defaults.
        public init() {}

        /// The built file's name for `database`: ``output``, or `<database>.sqlite`.
        public func outputName(for database: String) -> String { output ?? "\(database).sqlite" }
    }

    /// Settings by database name; a database without an entry uses the defaults.
    public var databases: [String: DatabaseSettings] = [:]
    /// The SQLite of the oldest OS the app supports, e.g. `3.36.0` for iOS 15: `kiln check` fails
    /// migrations and queries that use a newer feature.
    public var minimumSQLite: String?

    /// An empty configuration: every database uses the defaults.
    public init() {}

    /// The settings for `database`.
    public func settings(for database: String) -> DatabaseSettings {
        databases[database] ?? DatabaseSettings()
    }

    /// Reads `kiln.json` from the project root; a missing file means defaults.
    ///
    /// - Parameters:
    ///   - path: the file on disk.
    ///   - displayPath: how diagnostics name it.
    /// - Throws: ``ConfigurationError``.
    public static func load(path: String, displayPath: String = "kiln.json") throws -> KilnConfiguration {
        guard FileManager.default.fileExists(atPath: path) else { return KilnConfiguration() }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ConfigurationError(diagnostics: [
                Diagnostic(
                    .error, "cannot read the file: \(error.localizedDescription)",
                    at: SourceLocation(path: displayPath, line: 1, column: 1))
            ])
        }
        return try parse(data, displayPath: displayPath)
    }

    /// Parses the text of a `kiln.json`.
    public static func parse(_ data: Data, displayPath: String = "kiln.json") throws -> KilnConfiguration {
        let source = SourceText(path: displayPath, bytes: Array(data))
        let document: Any
        do { document = try JSONSerialization.jsonObject(with: data) } catch {
            throw ConfigurationError(diagnostics: [
                Diagnostic(
                    .error, "the file is not valid JSON", at: source.location(ofByte: 0),
                    hint: "check for a missing comma or quote; \(error.localizedDescription)")
            ])
        }
        var reader = Reader(source: source)
        let configuration = reader.read(document)
        guard reader.diagnostics.isEmpty else { throw ConfigurationError(diagnostics: reader.diagnostics) }
        return configuration
    }

    /// Walks the decoded JSON, collecting every problem with its path.
    private struct Reader {
        /// A name with no folder part, not hidden, not `.` or `..`.
        static func isPlainFileName(_ name: String) -> Bool {
            !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.hasPrefix(".") && !name.contains("\0")
        }

        static let allowedDelimiters: [String: UInt8] = [",": 0x2C, ";": 0x3B, "\t": 0x09, "|": 0x7C]

        let source: SourceText
        var diagnostics: [Diagnostic] = []

        mutating func read(_ document: Any) -> KilnConfiguration {
            var configuration = KilnConfiguration()
            guard let root = object(document, path: "") else { return configuration }
            for (key, value) in root.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "databases":
                    guard let databases = object(value, path: "databases") else { continue }
                    for (name, settings) in databases.sorted(by: { $0.key < $1.key }) {
                        configuration.databases[name] = readDatabase(settings, path: "databases.\(name)")
                    }
                case "minimumSQLite":
                    if let text = value as? String, SQLiteVersion(text) != nil {
                        configuration.minimumSQLite = text
                    } else {
                        problem(
                            "'minimumSQLite' must be a SQLite version such as \"3.36.0\"", key: key,
                            hint: "iOS 15 ships SQLite 3.36.0, iOS 16 3.39.x, iOS 17 3.43.x")
                    }
                default:
                    unknown(key, path: key, allowed: ["databases", "minimumSQLite"])
                }
            }
            return configuration
        }

        mutating func readDatabase(_ value: Any, path: String) -> DatabaseSettings {
            var settings = DatabaseSettings()
            guard let entries = object(value, path: path) else { return settings }
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "applicationId":
                    if let number = value as? NSNumber, isNumberNotBoolean(number),
                        let id = Int32(exactly: number.doubleValue)
                    {
                        settings.applicationID = id
                    } else {
                        problem(
                            "'\(path).\(key)' must be an integer that fits 32 bits", key: key,
                            hint: "use a number such as 1263421772 (application_id is a signed 32-bit integer)")
                    }
                case "output":
                    if let name = value as? String, Self.isPlainFileName(name) {
                        settings.output = name
                    } else {
                        problem(
                            "'\(path).\(key)' must be a file name without folders", key: key,
                            hint:
                                "the file is written into the output folder, e.g. \"countries\" or \"vehiculos.sqlite\""
                        )
                    }
                case "pageSize":
                    if let number = value as? NSNumber, isNumberNotBoolean(number),
                        let size = Int(exactly: number.doubleValue),
                        size >= 512, size <= 65536, size & (size - 1) == 0
                    {
                        settings.pageSize = size
                    } else {
                        problem(
                            "'\(path).\(key)' must be a power of two from 512 to 65536", key: key,
                            hint: "4096 is SQLite's default")
                    }
                case "analyze":
                    if let number = value as? NSNumber, !isNumberNotBoolean(number) {
                        settings.analyze = number.boolValue
                    } else {
                        problem("'\(path).\(key)' must be true or false", key: key)
                    }
                case "delimiters":
                    guard let entries = object(value, path: "\(path).\(key)") else { continue }
                    for (table, delimiter) in entries.sorted(by: { $0.key < $1.key }) {
                        if let text = delimiter as? String, let byte = Self.allowedDelimiters[text] {
                            settings.delimiters[table] = byte
                        } else {
                            problem(
                                "'\(path).\(key).\(table)' must be one of \",\", \";\", \"\\t\", \"|\"", key: table,
                                hint: "a seed file's field separator is a single comma, semicolon, tab or vertical bar")
                        }
                    }
                default:
                    unknown(
                        key, path: "\(path).\(key)",
                        allowed: ["analyze", "applicationId", "delimiters", "output", "pageSize"])
                }
            }
            return settings
        }

        mutating func object(_ value: Any, path: String) -> [String: Any]? {
            if let object = value as? [String: Any] { return object }
            problem(
                "'\(path.isEmpty ? "the document" : path)' must be a JSON object",
                key: path.split(separator: ".").last.map(String.init))
            return nil
        }

        mutating func unknown(_ key: String, path: String, allowed: [String]) {
            problem(
                "unknown key '\(path)'", key: key, hint: "the keys allowed here are: \(allowed.joined(separator: ", "))"
            )
        }

        /// Records a problem at the first occurrence of `"key"` in the file (JSONSerialization keeps no
        /// positions), or at the start.
        mutating func problem(_ message: String, key: String?, hint: String? = nil) {
            var offset = 0
            if let key, let range = findQuoted(key) { offset = range }
            diagnostics.append(Diagnostic(.error, message, at: source.location(ofByte: offset), hint: hint))
        }

        func findQuoted(_ key: String) -> Int? {
            let needle = Array("\"\(key)\"".utf8)
            guard needle.count <= source.bytes.count else { return nil }
            for start in 0...(source.bytes.count - needle.count) where source.bytes[start] == needle[0] {
                if Array(source.bytes[start..<(start + needle.count)]) == needle { return start }
            }
            return nil
        }
    }
}

/// Foundation decodes JSON `true` as an `NSNumber` too; this rejects booleans where a number is wanted.
private func isNumberNotBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) != "c"
}

/// `kiln.json` cannot be used.
public struct ConfigurationError: DiagnosticError {
    /// Every problem found.
    public let diagnostics: [Diagnostic]
}
