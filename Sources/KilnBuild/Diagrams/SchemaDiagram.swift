import Kiln

/// Pictures of a schema: an entity-relationship diagram in Mermaid (which GitHub renders) or Graphviz DOT.
public enum SchemaDiagram {
    /// A Mermaid `erDiagram` of `model`.
    public static func mermaid(_ model: SchemaModel) -> String {
        // To be written (issue 14, diagrams).
        "erDiagram\n"
    }

    /// A Graphviz digraph of `model`, named `name`.
    public static func dot(_ model: SchemaModel, name: String) -> String {
        // To be written (issue 14, diagrams).
        "digraph \"\(name)\" {\n}\n"
    }
}

/// The semantic schema model as a JSON document (`kiln schema --format json`).
public enum SchemaDocument {
    /// The version of the document's format; it changes only when a field is removed or changes meaning.
    public static let formatVersion = 1

    /// The JSON document of `model`: `formatVersion`, `database`, `version`, then the model.
    public static func json(_ model: SchemaModel, database: String, version: Int32) -> String {
        // To be written (issue 14, diagrams).
        "{\"formatVersion\": \(formatVersion)}\n"
    }
}
