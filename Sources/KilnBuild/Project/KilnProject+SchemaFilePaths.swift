extension KilnProject {
    /// `schema/<database>.sql`, relative to the project's root: where a project keeps a database's schema
    /// file (``SchemaFile``), which `kiln plan` reads and `kiln check` compares with the migrations.
    static func schemaFileRelativePath(for database: String) -> String { "schema/\(database).sql" }

    /// `schema/<database>.md`, relative to the project's root: the diagram kept beside the schema file when
    /// `kiln.json` asks for it.
    static func schemaDiagramRelativePath(for database: String) -> String { "schema/\(database).md" }
}
