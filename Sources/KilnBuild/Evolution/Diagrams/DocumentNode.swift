import Kiln

/// One value of the ``SchemaDocument`` JSON, built field by field from the model, so every field is written
/// (an absent value as `null`) and the document's names stay what docs/json-output.md documents whatever the model's
/// Swift names become.
enum DocumentNode: Encodable {
    case object([String: DocumentNode])
    case array([DocumentNode])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(key)) }
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .integer(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// `text`, or `null`.
    static func optional(_ text: String?) -> DocumentNode { text.map(DocumentNode.string) ?? .null }

    /// `texts` as an array of strings.
    static func strings(_ texts: [String]) -> DocumentNode { .array(texts.map(DocumentNode.string)) }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DocumentNode {
    /// A table: its columns, checks, foreign keys, unique constraints and kind.
    init(_ table: SchemaModel.Table) {
        self = .object([
            "name": .string(table.name), "columns": .array(table.columns.map(DocumentNode.init)),
            "checks": .strings(table.checks), "foreignKeys": .array(table.foreignKeys.map(DocumentNode.init)),
            "uniqueConstraints": .array(table.uniqueConstraints.map(DocumentNode.init)),
            "isWithoutRowID": .bool(table.isWithoutRowID), "isStrict": .bool(table.isStrict),
            "isAutoincrement": .bool(table.isAutoincrement), "virtualDefinition": .optional(table.virtualDefinition),
        ])
    }

    /// A column.
    init(_ column: SchemaModel.Column) {
        self = .object([
            "name": .string(column.name), "declaredType": .string(column.declaredType),
            "isNotNull": .bool(column.isNotNull), "defaultExpression": .optional(column.defaultExpression),
            "primaryKeyPosition": .integer(column.primaryKeyPosition), "collation": .optional(column.collation),
            "generatedExpression": .optional(column.generatedExpression), "hidden": .integer(column.hidden),
        ])
    }

    /// A foreign key.
    init(_ key: SchemaModel.ForeignKey) {
        self = .object([
            "columns": .strings(key.columns), "parentTable": .string(key.parentTable),
            "parentColumns": .strings(key.parentColumns), "onUpdate": .string(key.onUpdate),
            "onDelete": .string(key.onDelete), "match": .string(key.match), "isDeferred": .bool(key.isDeferred),
        ])
    }

    /// An index (made with `CREATE INDEX`, or for a `UNIQUE` or `PRIMARY KEY` constraint).
    init(_ index: SchemaModel.Index) {
        let terms = index.terms.map { term in
            DocumentNode.object([
                "expression": .string(term.expression), "isExpression": .bool(term.isExpression),
                "collation": .string(term.collation), "isDescending": .bool(term.isDescending),
            ])
        }
        self = .object([
            "name": .string(index.name), "table": .string(index.table), "isUnique": .bool(index.isUnique),
            "origin": .string(index.origin), "terms": .array(terms), "condition": .optional(index.condition),
        ])
    }

    /// A trigger.
    init(_ trigger: SchemaModel.Definition) {
        self = .object(["name": .string(trigger.name), "table": .string(trigger.table), "sql": .string(trigger.sql)])
    }
}
