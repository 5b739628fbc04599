import Foundation
import Kiln

/// The semantic schema model as a JSON document (`kiln schema --format json`).
///
/// The document is a contract (docs/json-output.md documents every field): keys are
/// sorted, every field is always present (`null` when it has no value), and ``formatVersion`` changes when a
/// field is removed or changes meaning (new fields may be added without a change).
///
/// Expressions and the `sql` of views and triggers are in the model's comparison form (``SchemaText``: names
/// unquoted and folded, keywords in capitals), made to compare, not to run; each object's `definition` is its
/// `CREATE` statement exactly as SQLite stores it, which runs.
package enum SchemaDocument {
    /// The version of the document's format; it changes only when a field is removed or changes meaning.
    package static let formatVersion = 1

    /// The `CREATE` statements of a database as SQLite stores them (`sqlite_schema.sql`), by type and name.
    package struct Definitions: Sendable {
        private var statements: [String: String] = [:]

        /// No statements: every `definition` is `null`.
        package init() {}

        /// The statements of `connection`'s main schema.
        ///
        /// - Throws: ``SQLiteError`` when the schema cannot be read.
        package init(reading connection: SQLiteConnection) throws {
            for row in try connection.rows(sql: "SELECT type, name, sql FROM main.sqlite_schema WHERE sql IS NOT NULL")
            {
                guard case .text(let type) = row[0], case .text(let name) = row[1], case .text(let sql) = row[2]
                else { continue }
                statements[Self.key(type, name)] = sql
            }
        }

        /// The stored statement of the `type` (`table`, `index`, `view`, `trigger`) named `name`, or nil.
        package func statement(_ type: String, _ name: String) -> String? { statements[Self.key(type, name)] }

        private static func key(_ type: String, _ name: String) -> String { "\(type) \(name.identifierKey)" }
    }

    /// The JSON document of `model`: `formatVersion`, `database`, `version`, then the model's `tables`,
    /// `indexes`, `views` and `triggers` (without the shadow tables of virtual tables, as in the schema file),
    /// each with its stored statement from `definitions` as `definition`, pretty-printed with sorted keys,
    /// ending with a line break.
    package static func json(
        _ model: SchemaModel, database: String, version: Int32, definitions: Definitions = Definitions()
    ) -> String {
        let defined = { (type: String, name: String, node: DocumentNode) -> DocumentNode in
            guard case .object(var members) = node else { return node }
            members["definition"] = .optional(definitions.statement(type, name))
            return .object(members)
        }
        let views = model.views.map { view in
            DocumentNode.object([
                "name": .string(view.name), "sql": .string(view.sql),
                "columns": view.columns.map(DocumentNode.strings) ?? .null,
            ])
        }
        let document = DocumentNode.object([
            "formatVersion": .integer(formatVersion), "database": .string(database),
            "version": .integer(Int(version)),
            "tables": .array(
                model.tables.filter { !$0.isShadow }.map { defined("table", $0.name, DocumentNode($0)) }),
            "indexes": .array(model.indexes.map { defined("index", $0.name, DocumentNode($0)) }),
            "views": .array(zip(model.views, views).map { defined("view", $0.name, $1) }),
            "triggers": .array(model.triggers.map { defined("trigger", $0.name, DocumentNode($0)) }),
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
