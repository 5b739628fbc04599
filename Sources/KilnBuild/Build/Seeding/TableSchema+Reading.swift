import Kiln

extension TableSchema {
    /// Every table of the `main` database, by name as SQLite compares names (``SQLIdentifierKey``).
    ///
    /// - Returns: the tables, keyed by their names.
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    package static func readAll(from connection: SQLiteConnection) throws -> [SQLIdentifierKey: TableSchema] {
        tables(of: try SchemaModel.read(from: connection))
    }

    /// Every ordinary table of `model` (no virtual or shadow table), by name as SQLite compares names.
    ///
    /// - Returns: the tables, keyed by their names.
    package static func tables(of model: SchemaModel) -> [SQLIdentifierKey: TableSchema] {
        let indexes = Dictionary(grouping: model.indexes, by: \.table)
        var tables: [SQLIdentifierKey: TableSchema] = [:]
        for table in model.tables where table.isOrdinary {
            tables[table.name.identifierKey] = TableSchema(table, indexes: indexes[table.name] ?? [])
        }
        return tables
    }

    /// The seeding view of a model's `table`, whose `CREATE INDEX` indexes are `indexes`: its columns, its
    /// foreign keys in SQLite's order (by id) with their parent columns as written, and its indexes'
    /// stored statements by name.
    package init(_ table: SchemaModel.Table, indexes: [SchemaModel.Index]) {
        self.init(
            name: table.name,
            columns: table.columns.map { column in
                Column(
                    name: column.name, declaredType: column.stored.declaredType,
                    affinity: column.affinity,
                    primaryKeyPosition: column.primaryKeyPosition,
                    isGenerated: column.hidden == 2 || column.hidden == 3,
                    isHidden: column.hidden == 1)
            },
            foreignKeys: table.foreignKeysByID.map { key in
                ForeignKey(parent: key.parentTable, columns: key.columns, parentColumns: key.stored.parentColumns)
            },
            isStrict: table.isStrict,
            indexes: indexes.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }.map {
                (name: $0.name, sql: $0.stored.sql)
            })
    }
}
