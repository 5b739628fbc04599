import Kiln

extension QueryTyper {
    /// The parameters of `statement`, 1 to its count: a `-- param:` line's type, else the type of the column
    /// SQLite says it meets (``ParameterTypes``), else ``SQLiteValue``.
    func parameters(
        of statement: SQLiteStatement, query: NamedQuery, events: [SQLiteAuthorization],
        problems: inout [NamedQueryError.Problem]
    ) -> [TypedQuery.Parameter] {
        let read = events.compactMap { event -> (table: String, column: String)? in
            guard event.action == .read || event.action == .update, let table = event.first, let column = event.second
            else { return nil }
            return (table, column)
        }
        let inserted = events.first { $0.action == .insert }?.first
        let (inferred, written) = ParameterTypes(
            tokens: query.statement.tokens, lexer: file.lexer, schema: schema, columns: read, insertedTable: inserted
        ).inferred(indexOf: statement.parameterIndex(named:))
        var keys: Set<String> = []
        var parameters: [TypedQuery.Parameter] = []
        for index in stride(from: 1, through: statement.parameterCount, by: 1) where written.contains(index) {
            let name = statement.parameterName(at: index)
            let key = ParameterKey.of(name: name, index: index)
            keys.insert(key)
            let type =
                query.parameterTypes[key].map { TypedQuery.SwiftType(written: $0.type) }
                ?? inferred[index]?.type ?? TypedQuery.SwiftType("SQLiteValue", optional: false)
            var label = "parameter\(index)"
            if name.map({ $0.first != "?" }) == true, SwiftName.isIdentifier(key) {
                label = SwiftName.lowerCamel(key)
            } else if let column = inferred[index]?.column, SwiftName.isIdentifier(column) {
                label = SwiftName.lowerCamel(column)
            }
            if parameters.contains(where: { $0.label == label }) { label += "\(index)" }
            parameters.append(.init(index: index, label: label, type: type, written: name ?? "?"))
        }
        for (key, annotation) in query.parameterTypes.sorted(by: { $0.key < $1.key }) where !keys.contains(key) {
            problems.append(.init(.unknownParameter(query: query.name, parameter: key), at: annotation.location))
        }
        return parameters
    }
}
