import Kiln

/// Pictures of a schema: an entity-relationship diagram in Mermaid (which GitHub renders) or Graphviz DOT.
///
/// Both draw every table with its columns (name, type, `PK`/`FK`/`UK` keys, `NOT NULL` and the other notes)
/// and an edge per foreign key from the child table to the parent with the cardinality the constraints allow;
/// views are left out (the schema model holds a view's definition, not its columns). The text depends only
/// on the model, in the model's order, so the same schema always gives the same bytes.
public enum SchemaDiagram {
    /// A Mermaid `erDiagram` of `model`.
    ///
    /// Tables are quoted entities, columns `type name keys "notes"`. Mermaid takes only single words for an
    /// attribute's type and name, so other spellings are mapped (`VARCHAR(20)` → `VARCHAR_20`, `first name` →
    /// `first_name`) and the real ones kept in the notes. A foreign key is `child }o--|| parent : "columns"`
    /// when its columns are NOT NULL, `}o--o|` when one can be NULL, `|o--…` when they are also unique.
    package static func mermaid(_ model: SchemaModel) -> String {
        MermaidERDiagram(model).text
    }

    /// A Graphviz digraph of `model`, named `name`: a node per table labelled with an HTML-like table of its
    /// columns, an edge per foreign key between the columns' rows with crow's-foot ends.
    package static func dot(_ model: SchemaModel, name: String) -> String {
        GraphvizDiagram(model, name: name).text
    }
}
