import Foundation
import Kiln

extension QueryTyper {
    /// The result columns of `statement`: an alias `name: Type` gives the type; otherwise SQLite's origin of
    /// the column does.
    func columns(
        of statement: SQLiteStatement, query: NamedQuery, nullability: ResultNullability,
        problems: inout [NamedQueryError.Problem]
    ) -> [TypedQuery.Column] {
        let counts = ColumnTypes.countColumns(
            of: query.statement.tokens, lexer: file.lexer, columnCount: statement.columnCount)
        var columns: [TypedQuery.Column] = []
        for index in 0..<statement.columnCount {
            let name = statement.columnName(at: index)
            let parts = name.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let base = parts.first, SwiftName.isIdentifier(base) else {
                problems.append(
                    .init(.invalidColumnName(query: query.name, column: name), at: location(ofName: name, in: query)))
                continue
            }
            let column: TypedQuery.Column
            if parts.count == 2 {
                guard SwiftName.isType(parts[1]) else {
                    problems.append(.init(.invalidType(parts[1]), at: location(ofName: name, in: query)))
                    continue
                }
                column = .init(
                    property: SwiftName.lowerCamel(base), type: .init(written: parts[1]),
                    origin: "Typed by its alias, `\(name)`.")
            } else {
                column = read(index, of: statement, named: base, isCount: counts.contains(index), nullability)
            }
            if columns.contains(where: { $0.property == column.property }) {
                problems.append(
                    .init(
                        .duplicateColumn(query: query.name, property: column.property),
                        at: location(ofName: name, in: query)))
            }
            columns.append(column)
        }
        return columns
    }

    /// A column with no annotation: typed from the table column SQLite says it reads, or as an expression.
    private func read(
        _ index: Int, of statement: SQLiteStatement, named name: String, isCount: Bool,
        _ nullability: ResultNullability
    ) -> TypedQuery.Column {
        let property = SwiftName.lowerCamel(name)
        guard let tableName = statement.columnTableName(at: index),
            let originName = statement.columnOriginName(at: index),
            let table = schema.tables.first(where: { $0.name.lowercased() == tableName.lowercased() }),
            let column = table.columns.first(where: { $0.name.lowercased() == originName.lowercased() })
        else {
            return .init(
                property: property, type: ColumnTypes.expressionType(isCount: isCount),
                origin: isCount
                    ? "A `count(…)`, never NULL."
                    : "An expression: annotate its alias (`AS \"name: Type\"`) to type it.")
        }
        let type = ColumnTypes.type(of: column, in: table, nullable: nullability.isOptional(table: table.name))
        let declared = column.declaredType.isEmpty ? "" : " " + column.declaredType
        let notNull = column.isNotNull ? " NOT NULL" : ""
        let strict = table.isStrict ? ", STRICT" : ""
        let joined = nullability.isOptional(table: table.name) ? ", may be NULL in this query" : ""
        return .init(
            property: property, type: type,
            origin: "From `\(table.name).\(column.name)`\(declared)\(notNull)\(strict)\(joined).")
    }
}
