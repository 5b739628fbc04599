import Kiln

/// A Mermaid `erDiagram` of a schema: an entity per table with its columns, an edge per foreign key.
///
/// Each column is `type name keys "comment"`: the type and name as ``MermaidText`` words, the keys `PK`, `FK`,
/// `UK` it takes part in, and a comment with what the words could not say (the real name and type when they
/// were mapped) and its notes (`NOT NULL`, `AUTOINCREMENT`, generated). An edge reads from the child (the table
/// that declares the key) to the parent: `}o--||` many children to exactly one parent, `}o--o|` when a child
/// column can be NULL (then a child row may have no parent), `|o--…` when the child columns are unique; its
/// label is the child columns. Views are not drawn (see ``DiagramSchema``).
struct MermaidERDiagram {
    private let schema: DiagramSchema
    /// The quoted entity name of every table and of every missing parent, by folded table name.
    private let entities: [SQLIdentifierKey: String]

    /// The diagram of `model`.
    init(_ model: SchemaModel) {
        schema = DiagramSchema(model)
        var names: [String] = []
        var keys: Set<SQLIdentifierKey> = []
        for name in schema.tables.map(\.name) + schema.edges.map(\.parent)
        where keys.insert(name.identifierKey).inserted {
            names.append(name)
        }
        let mapped = MermaidText.distinct(names, map: MermaidText.name)
        entities = Dictionary(uniqueKeysWithValues: zip(names.map(\.identifierKey), mapped.map { "\"\($0)\"" }))
    }

    /// The whole diagram, one statement a line, ending with a line break.
    var text: String {
        var lines = ["erDiagram"]
        for table in schema.tables { lines += entity(table) }
        for edge in schema.edges { lines.append("    " + relationship(edge)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"name" {`, a line per column, `}`; a table without columns is its name alone.
    private func entity(_ table: SchemaModel.Table) -> [String] {
        let name = entities[table.name.identifierKey] ?? MermaidText.quoted(table.name)
        let columns = DiagramSchema.columns(of: table)
        guard !columns.isEmpty else { return ["    " + name] }
        let words = MermaidText.distinct(columns.map(\.name), map: MermaidText.word) { $0.uppercased() }
        let attributes = zip(columns, words).map { column, word in
            "        " + attribute(column, word: word, in: table)
        }
        return ["    \(name) {"] + attributes + ["    }"]
    }

    /// `type name keys "comment"` for `column`, whose attribute name is `word`.
    private func attribute(_ column: SchemaModel.Column, word: String, in table: SchemaModel.Table) -> String {
        let type = MermaidText.typeWord(column.declaredType)
        var notes: [String] = []
        if word != column.name { notes.append("name: \(column.name)") }
        if type != column.declaredType && !column.declaredType.isEmpty { notes.append(column.declaredType) }
        notes += DiagramSchema.notes(of: column, in: table)
        var parts = [type, word]
        let keys = schema.keys(of: column, in: table)
        if !keys.isEmpty { parts.append(keys.map(\.rawValue).joined(separator: ", ")) }
        if let comment = MermaidText.comment(notes) { parts.append(comment) }
        return parts.joined(separator: " ")
    }

    /// `"child" }o--|| "parent" : "columns"`, the cardinality as the type's documentation says.
    private func relationship(_ edge: DiagramSchema.Edge) -> String {
        let child = entities[edge.child.identifierKey] ?? MermaidText.quoted(edge.child)
        let parent = entities[edge.parent.identifierKey] ?? MermaidText.quoted(edge.parent)
        let many = edge.isUnique ? "|o" : "}o"
        let one = edge.isOptional ? "o|" : "||"
        let label = MermaidText.quoted(edge.columns.joined(separator: ", "))
        return "\(child) \(many)--\(one) \(parent) : \(label)"
    }
}
