/// One way in which a database's schema differs from the schema it is expected to have.
public struct SchemaDifference: Equatable, Sendable, CustomStringConvertible {
    /// How the object differs.
    public enum Kind: String, Sendable {
        /// Expected, but the database lacks it.
        case missing
        /// The database has it, but it is not expected.
        case extra
        /// Both have it, defined differently.
        case changed
    }

    /// How it differs.
    public let kind: Kind
    /// `table`, `column`, `index`, `view` or `trigger`.
    public let objectType: String
    /// The object's name; a column is named `table.column`.
    public let name: String
    /// For ``Kind/changed``: the expected and the found definitions.
    public let expected: String?
    /// For ``Kind/changed``: the definition found.
    public let found: String?

    /// Creates a difference from its parts.
    public init(kind: Kind, objectType: String, name: String, expected: String? = nil, found: String? = nil) {
        self.kind = kind
        self.objectType = objectType
        self.name = name
        self.expected = expected
        self.found = found
    }

    public var description: String {
        switch kind {
        case .missing: "missing \(objectType) \(name)"
        case .extra: "extra \(objectType) \(name)"
        case .changed: "\(objectType) \(name) differs: expected `\(expected ?? "")`, found `\(found ?? "")`"
        }
    }

    /// How `actual` differs from `expected`, tables first, then indexes, views and triggers; empty when they
    /// are the same. Names are compared without regard to ASCII case, as SQLite compares them.
    public static func compare(expected: SchemaSnapshot, actual: SchemaSnapshot) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        let expectedTables = Dictionary(
            expected.tables.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        let actualTables = Dictionary(
            actual.tables.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        for table in expected.tables where actualTables[table.name.identifierKey] == nil {
            differences.append(
                SchemaDifference(kind: .missing, objectType: "table", name: table.name, expected: nil, found: nil))
        }
        for table in actual.tables where expectedTables[table.name.identifierKey] == nil {
            differences.append(
                SchemaDifference(kind: .extra, objectType: "table", name: table.name, expected: nil, found: nil))
        }
        for table in expected.tables {
            guard let other = actualTables[table.name.identifierKey] else { continue }
            let before = differences.count
            differences += compareColumns(table: table.name, expected: table.columns, actual: other.columns)
            if differences.count == before && table.sql != other.sql {
                differences.append(
                    SchemaDifference(
                        kind: .changed, objectType: "table", name: table.name, expected: table.sql, found: other.sql))
            }
        }
        let key = { (object: SchemaSnapshot.Object) in "\(object.type) \(object.name.identifierKey)" }
        let expectedObjects = Dictionary(
            expected.objects.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let actualObjects = Dictionary(actual.objects.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for object in expected.objects {
            if let other = actualObjects[key(object)] {
                if other.sql != object.sql {
                    differences.append(
                        SchemaDifference(
                            kind: .changed, objectType: object.type, name: object.name, expected: object.sql,
                            found: other.sql))
                }
            } else {
                differences.append(
                    SchemaDifference(
                        kind: .missing, objectType: object.type, name: object.name, expected: nil, found: nil))
            }
        }
        for object in actual.objects where expectedObjects[key(object)] == nil {
            differences.append(
                SchemaDifference(kind: .extra, objectType: object.type, name: object.name, expected: nil, found: nil))
        }
        return differences
    }

    private static func compareColumns(
        table: String, expected: [SchemaSnapshot.Column], actual: [SchemaSnapshot.Column]
    ) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        let actualByName = Dictionary(
            actual.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        let expectedNames = Set(expected.map { $0.name.identifierKey })
        for column in expected {
            guard let other = actualByName[column.name.identifierKey] else {
                differences.append(
                    SchemaDifference(
                        kind: .missing, objectType: "column", name: "\(table).\(column.name)", expected: nil, found: nil
                    ))
                continue
            }
            if other.summary != column.summary {
                differences.append(
                    SchemaDifference(
                        kind: .changed, objectType: "column", name: "\(table).\(column.name)", expected: column.summary,
                        found: other.summary))
            }
        }
        for column in actual where !expectedNames.contains(column.name.identifierKey) {
            differences.append(
                SchemaDifference(
                    kind: .extra, objectType: "column", name: "\(table).\(column.name)", expected: nil, found: nil))
        }
        return differences
    }
}
