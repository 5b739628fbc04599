import Kiln

/// One object of a database's schema as `sqlite_schema` stores it.
struct StoredSchemaObject: Equatable {
    /// `table`, `index`, `view` or `trigger`.
    let type: String
    /// The object's name.
    let name: String
    /// The table (or view) an index or trigger belongs to; the object's own name otherwise.
    let table: String
    /// The stored `CREATE` statement.
    let sql: String

    /// The objects of the main schema that a schema file writes: not SQLite's own (`sqlite_*`), and not the
    /// shadow tables a virtual table makes for itself (`pragma_table_list` says `shadow`), which its
    /// `CREATE VIRTUAL TABLE` makes again.
    ///
    /// - Throws: ``SQLiteError`` when the schema cannot be read.
    static func readAll(from connection: SQLiteConnection) throws -> [StoredSchemaObject] {
        let rows = try connection.rows(
            sql: """
                SELECT type, name, tbl_name, sql FROM main.sqlite_schema
                WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL
                  AND name NOT IN (SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'shadow')
                """)
        return rows.compactMap { row in
            guard case .text(let type) = row[0], case .text(let name) = row[1], case .text(let table) = row[2],
                case .text(let sql) = row[3]
            else { return nil }
            return StoredSchemaObject(type: type, name: name, table: table, sql: sql)
        }
    }
}

/// The order of a schema file: tables by foreign key, parents first (a cycle is broken at the table whose name
/// sorts first); then each table's indexes; then views, each after the views it reads; then triggers, in the
/// order of their tables and views. Ties go by name, as SQLite compares names.
enum SchemaObjectOrder {
    /// `objects` in schema-file order; `model` gives the foreign keys, `viewReads` the views each view reads
    /// (``ViewDependencies``); a view it leaves out is taken to read every view its text names.
    static func ordered(
        _ objects: [StoredSchemaObject], model: SchemaModel, viewReads: [SQLIdentifierKey: Set<SQLIdentifierKey>]
    ) -> [StoredSchemaObject] {
        let byName = { (left: StoredSchemaObject, right: StoredSchemaObject) in
            left.name.identifierKey.description < right.name.identifierKey.description
        }
        let tables = objects.filter { $0.type == "table" }.sorted(by: byName)
        let parents = Dictionary(
            model.tables.map { table in
                (table.name.identifierKey, Set(table.foreignKeys.map(\.parentTable.identifierKey)))
            }, uniquingKeysWith: { first, _ in first })
        let orderedTables = dependencyOrder(tables) { parents[$0.name.identifierKey] ?? [] }
        let views = objects.filter { $0.type == "view" }.sorted(by: byName)
        let viewNames = Set(views.map(\.name.identifierKey))
        let orderedViews = dependencyOrder(views) { view in
            viewReads[view.name.identifierKey] ?? Set(identifiers(in: view.sql).filter { viewNames.contains($0) })
        }
        let owners = orderedTables + orderedViews
        let position = Dictionary(
            owners.enumerated().map { ($1.name.identifierKey, $0) }, uniquingKeysWith: { first, _ in first })
        let belonging = { (type: String) in
            objects.filter { $0.type == type }.sorted(by: byName).sorted {
                (position[$0.table.identifierKey] ?? owners.count) < (position[$1.table.identifierKey] ?? owners.count)
            }
        }
        return orderedTables + belonging("index") + orderedViews + belonging("trigger")
    }

    /// `objects` (sorted by name) with each after what `dependencies` names among them; when only objects in a
    /// cycle are left, the first by name goes next.
    private static func dependencyOrder(
        _ objects: [StoredSchemaObject], dependencies: (StoredSchemaObject) -> Set<SQLIdentifierKey>
    ) -> [StoredSchemaObject] {
        var remaining = objects
        var placed: Set<SQLIdentifierKey> = []
        let names = Set(objects.map(\.name.identifierKey))
        var result: [StoredSchemaObject] = []
        while !remaining.isEmpty {
            let ready = remaining.firstIndex { object in
                let key = object.name.identifierKey
                return dependencies(object).allSatisfy { $0 == key || placed.contains($0) || !names.contains($0) }
            }
            let next = remaining.remove(at: ready ?? cycleStart(remaining, dependencies: dependencies))
            placed.insert(next.name.identifierKey)
            result.append(next)
        }
        return result
    }

    /// The index of the first object (by name) that is part of a dependency cycle among `remaining`.
    private static func cycleStart(
        _ remaining: [StoredSchemaObject], dependencies: (StoredSchemaObject) -> Set<SQLIdentifierKey>
    ) -> Int {
        let edges = Dictionary(
            remaining.map { ($0.name.identifierKey, dependencies($0)) }, uniquingKeysWith: { first, _ in first })
        for (index, object) in remaining.enumerated() {
            let start = object.name.identifierKey
            var seen: Set<SQLIdentifierKey> = []
            var frontier = Array(edges[start] ?? []).filter { $0 != start }
            while let next = frontier.popLast() {
                if next == start { return index }
                guard seen.insert(next).inserted else { continue }
                frontier += (edges[next] ?? []).filter { $0 != next }
            }
        }
        return 0
    }

    /// The identifiers `sql` mentions, folded.
    private static func identifiers(in sql: String) -> [SQLIdentifierKey] {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        return tokens.compactMap { lexer.identifier(of: $0)?.identifierKey }
    }
}
