extension SwiftQueriesWriter {
    /// The doc comment of a query's function: what it returns, its SQL, its parameters.
    static func documentation(_ typed: TypedQuery) -> [String] {
        let summary =
            switch typed.query.shape {
            case .one: "The first row of `\(typed.query.name)`, or nil when there is none."
            case .many: "Every row of `\(typed.query.name)`."
            case .each: "Calls `body` with each row of `\(typed.query.name)`, one at a time, building no array."
            case .exec: "Runs `\(typed.query.name)`."
            }
        var lines = ["    /// \(summary)", "    ///", "    /// ```sql"]
        lines += typed.sql.split(separator: "\n", omittingEmptySubsequences: false).map { "    /// \($0)" }
        lines += ["    /// ```"]
        var entries = typed.parameters.map { "\($0.label): `\($0.written)`." }
        if typed.query.shape == .each { entries.append("body: called with each row.") }
        if entries.count == 1 {
            lines += ["    ///", "    /// - Parameter \(entries[0])"]
        } else if !entries.isEmpty {
            lines += ["    ///", "    /// - Parameters:"] + entries.map { "    ///   - \($0)" }
        }
        let returns: String? =
            switch typed.query.shape {
            case .one: "the row, or nil."
            case .many: "the rows, in the order SQLite returns them."
            case .each: nil
            case .exec: "the number of rows changed (`sqlite3_changes`)."
            }
        if typed.parameters.isEmpty, typed.query.shape != .each { lines.append("    ///") }
        if let returns { lines.append("    /// - Returns: \(returns)") }
        let throwsLine = typed.query.shape == .each ? "what `body` throws, " : ""
        lines.append(
            "    /// - Throws: `SQLiteError` from SQLite, \(throwsLine)`SQLiteConversionError` for a value the row's type"
        )
        lines.append("    ///   cannot hold.")
        return lines
    }

    /// The function of a query: binds each argument, steps, reads rows.
    static func function(_ typed: TypedQuery, name: String, row: String) -> [String] {
        var arguments = typed.parameters.map { "\(SwiftName.escaped($0.label)): \($0.type)" }
        let result: String
        switch typed.query.shape {
        case .one: result = " -> \(row)?"
        case .many: result = " -> [\(row)]"
        case .each:
            arguments.append("_ body: (\(row)) throws -> Void")
            result = ""
        case .exec: result = " -> Int"
        }
        var lines = typed.query.shape == .exec ? ["    @discardableResult"] : []
        lines += [
            "    func \(name)(\(arguments.joined(separator: ", "))) throws\(result) {",
            "        try statements.withStatement(sql: Self.\(name)SQL) { statement in",
        ]
        for parameter in typed.parameters {
            lines.append(
                "            try statement.bind(converting: \(SwiftName.escaped(parameter.label)), at: \(parameter.index))"
            )
        }
        switch typed.query.shape {
        case .one:
            lines += [
                "            guard try statement.step() else { return nil }",
                "            return try \(row)(statement)",
            ]
        case .many:
            lines += [
                "            var rows: [\(row)] = []",
                "            while try statement.step() { rows.append(try \(row)(statement)) }",
                "            return rows",
            ]
        case .each: lines += ["            while try statement.step() { try body(try \(row)(statement)) }"]
        case .exec: lines += ["            try statement.run()", "            return statement.connection.changes"]
        }
        return lines + ["        }", "    }"]
    }
}

/// Swift string literals for text kiln writes into generated code.
enum SwiftLiteral {
    /// `text` as a raw multi-line Swift string literal whose lines after the first are indented by `indent`,
    /// with enough `#` that nothing in the text ends it or interpolates; nil when the text holds a control
    /// character other than a line break or a tab (write it with ``string(_:)``).
    static func multiline(_ text: String, indent: String) -> [String]? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }) else {
            return nil
        }
        var hashes = 1
        for index in scalars.indices where scalars[index] == "\"" || scalars[index] == "\\" {
            let run = scalars[(index + 1)...].prefix { $0 == "#" }.count
            hashes = max(hashes, run + 1)
        }
        let marks = String(repeating: "#", count: hashes)
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }
        return [marks + "\"\"\""] + body + [indent + "\"\"\"" + marks]
    }

    /// `text` as a one-line Swift string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }
}
