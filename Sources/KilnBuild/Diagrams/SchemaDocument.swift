import Foundation
import Kiln

/// The semantic schema model as a JSON document (`kiln schema --format json`).
///
/// The document is a contract (the README's "Schema diagrams" section documents every field): keys are
/// sorted, every field is always present (`null` when it has no value), and ``formatVersion`` changes when a
/// field is removed or changes meaning (new fields may be added without a change).
public enum SchemaDocument {
    /// The version of the document's format; it changes only when a field is removed or changes meaning.
    public static let formatVersion = 1

    /// The JSON document of `model`: `formatVersion`, `database`, `version`, then the model's `tables`,
    /// `indexes`, `views` and `triggers`, pretty-printed with sorted keys, ending with a line break.
    public static func json(_ model: SchemaModel, database: String, version: Int32) -> String {
        let document = DocumentNode.object([
            "formatVersion": .integer(formatVersion), "database": .string(database),
            "version": .integer(Int(version)), "tables": .array(model.tables.map(DocumentNode.init)),
            "indexes": .array(model.indexes.map(DocumentNode.init)),
            "views": .array(model.views.map { .object(["name": .string($0.name), "sql": .string($0.sql)]) }),
            "triggers": .array(model.triggers.map(DocumentNode.init)),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        } catch {
            // Strings, integers, booleans and null always encode: a failure is a bug in kiln.
            preconditionFailure("the schema document did not encode: \(error)")
        }
    }
}
