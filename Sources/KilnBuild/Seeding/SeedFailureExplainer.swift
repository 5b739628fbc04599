import Foundation
import Kiln

/// Turns SQLite's errors during a load into diagnostics that point at the CSV line and field at fault, with
/// the value, and for duplicates the line that loaded the value first. It runs only after something failed,
/// so it may read the file again.
enum SeedFailureExplainer {
    /// A row's insert failed: constraint, type or other error.
    static func rowFailure(
        _ error: SQLiteError, planned: SeedLoader.PlannedFile, reader: CSVReader, connection: SQLiteConnection
    ) -> SeedError {
        let record = SourceLocation(path: planned.file.displayPath, line: reader.recordLine, column: 1)
        let message = error.message
        let named = columnsNamed(in: message, table: planned.table)
        let fieldIndex = named.first.flatMap { name in
            planned.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
        }
        let location = fieldIndex.map { reader.location(of: reader.fields[$0]) } ?? record

        if message.hasPrefix("UNIQUE constraint failed") || message.hasPrefix("PRIMARY KEY constraint failed") {
            let fields = named.compactMap { name in
                planned.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
            }
            let shown = fields.map { describe(reader, field: $0) }.joined(separator: ", ")
            if let line = earlierLine(planned: planned, fields: fields, reader: reader) {
                return SeedError(
                    Diagnostic(
                        .error, "\(message) (value \(shown) was already loaded at line \(line))", at: location,
                        hint: "each row needs its own key; remove or change one of the two rows"))
            }
            return SeedError(
                Diagnostic(
                    .error, "\(message) (value \(shown) is already in the table)", at: location,
                    hint: "use --mode upsert to update existing rows, or --mode sync to make the table equal to the CSV"
                ))
        }
        if message.hasPrefix("NOT NULL constraint failed"), let name = named.first {
            if fieldIndex != nil {
                return SeedError(
                    Diagnostic(
                        .error, "\(message) (the field is empty)", at: location,
                        hint: "an empty unquoted field is NULL; write \"\" for an empty string"))
            }
            return SeedError(
                Diagnostic(
                    .error, "\(message) (the header has no column '\(name)' and it has no default)", at: record,
                    hint: "add '\(name)' to the header"))
        }
        if let fieldIndex {
            return SeedError(
                Diagnostic(.error, "\(message) (value \(describe(reader, field: fieldIndex)))", at: location))
        }
        if message.hasPrefix("CHECK constraint failed") {
            // Point at the first field whose column the constraint mentions.
            let constraint = String(message.dropFirst("CHECK constraint failed: ".count))
            var lexer = SQLLexer(constraint)
            let words = Set(lexer.tokens().compactMap { lexer.identifier(of: $0)?.lowercased() })
            if let index = planned.columns.firstIndex(where: { words.contains($0.name.lowercased()) }) {
                return SeedError(
                    Diagnostic(
                        .error, "\(message) (value \(describe(reader, field: index)))",
                        at: reader.location(of: reader.fields[index])))
            }
        }
        if message == "datatype mismatch",
            let index = planned.columns.firstIndex(where: { $0.primaryKeyPosition > 0 && $0.affinity == .integer })
        {
            return SeedError(
                Diagnostic(
                    .error,
                    "\(message): an INTEGER PRIMARY KEY holds only integers (value \(describe(reader, field: index)))",
                    at: reader.location(of: reader.fields[index])))
        }
        return SeedError(Diagnostic(.error, message, at: record))
    }

    /// The same primary key appeared twice in an upsert or sync load.
    static func duplicateKey(_ error: SQLiteError, planned: SeedLoader.PlannedFile, keyFields: [Int], reader: CSVReader)
        -> SeedError
    {
        let location = reader.location(of: reader.fields[keyFields[0]])
        let shown = keyFields.map { describe(reader, field: $0) }.joined(separator: ", ")
        let columns = keyFields.map { "\(planned.table.name).\(planned.columns[$0].name)" }.joined(separator: ", ")
        if let empty = keyFields.first(where: { reader.fields[$0].isNull }) {
            return SeedError(
                Diagnostic(
                    .error, "the primary key \(columns) is empty (value \(shown))",
                    at: reader.location(of: reader.fields[empty]),
                    hint: "--mode upsert and sync match rows by primary key; give every row one"))
        }
        let line =
            earlierLine(planned: planned, fields: keyFields, reader: reader).map { " was already loaded at line \($0)" }
            ?? " appears twice"
        return SeedError(
            Diagnostic(
                .error, "duplicate primary key in the CSV: \(columns) (value \(shown)\(line))", at: location,
                hint: "each row needs its own key; remove or change one of the two rows"))
    }

    /// Re-creating a unique index after the rows went in found duplicates.
    static func indexFailure(
        _ error: SQLiteError, index: String, planned: SeedLoader.PlannedFile, connection: SQLiteConnection
    ) -> Error {
        let named = columnsNamed(in: error.message, table: planned.table)
        let fields = named.compactMap { name in planned.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
        }
        guard !fields.isEmpty, fields.count == named.count, error.message.hasPrefix("UNIQUE") else {
            return SeedError(
                Diagnostic(
                    .error, "\(error.message) (while building index \(index))",
                    at: SourceLocation(path: planned.file.displayPath, line: 1, column: 1)))
        }
        do {
            let reader = try CSVReader(
                path: planned.file.path, displayPath: planned.file.displayPath, delimiter: planned.file.delimiter)
            _ = try reader.next()
            var firstLine: [[SQLiteValue]: Int] = [:]
            while try reader.next() {
                let key = fields.map { value(reader, field: $0, planned: planned) }
                if key.contains(.null) { continue }  // NULLs never collide in a unique index
                if let line = firstLine[key] {
                    let shown = fields.map { describe(reader, field: $0) }.joined(separator: ", ")
                    return SeedError(
                        Diagnostic(
                            .error, "\(error.message) (value \(shown) was already loaded at line \(line))",
                            at: reader.location(of: reader.fields[fields[0]]),
                            hint: "index \(index) is UNIQUE; remove or change one of the two rows"))
                }
                firstLine[key] = reader.recordLine
            }
        } catch {
            return error
        }
        return SeedError(
            Diagnostic(
                .error, "\(error.message) (while building index \(index))",
                at: SourceLocation(path: planned.file.displayPath, line: 1, column: 1)))
    }

    /// Runs `PRAGMA foreign_key_check` and explains the first violation at the CSV record that caused it.
    static func checkForeignKeys(plan: [SeedLoader.PlannedFile], mode: SeedMode, connection: SQLiteConnection) throws {
        let violations = try connection.rows(sql: "PRAGMA main.foreign_key_check")
        guard let first = violations.first, case .text(let child) = first[0], case .text(let parent) = first[2] else {
            return
        }
        let more =
            violations.count > 1
            ? " (and \(violations.count - 1) more violation\(violations.count == 2 ? "" : "s"))" : ""
        let fkid = Int(first[3].integerValue ?? 0)
        if let planned = plan.first(where: { $0.table.name.lowercased() == child.lowercased() }),
            fkid < planned.table.foreignKeys.count
        {
            let key = planned.table.foreignKeys[fkid]
            if let diagnostic = try locateOrphan(planned: planned, key: key, connection: connection, more: more) {
                throw SeedError(diagnostic)
            }
        }
        let parentFile = plan.first { $0.table.name.lowercased() == parent.lowercased() }
        let where_ = parentFile.map { SourceLocation(path: $0.file.displayPath, line: 1, column: 1) }
        throw SeedError(
            Diagnostic(
                .error,
                "FOREIGN KEY constraint failed: table \(child) rowid \(first[1]) references a missing row of \(parent)\(more)",
                at: where_,
                hint: mode == .sync
                    ? "--mode sync deleted parent rows that other rows still reference; keep them in the parent's CSV"
                    : "add the missing parent rows to the parent's seed"))
    }

    /// Finds the CSV record whose foreign key has no parent row.
    private static func locateOrphan(
        planned: SeedLoader.PlannedFile, key: TableSchema.ForeignKey, connection: SQLiteConnection, more: String
    ) throws -> Diagnostic? {
        let fields = key.columns.compactMap { name in
            planned.columns.firstIndex { $0.name.lowercased() == name.lowercased() }
        }
        guard fields.count == key.columns.count else { return nil }
        let parentColumns: [String]
        if key.parentColumns.count == key.columns.count {
            parentColumns = key.parentColumns
        } else {
            parentColumns =
                try TableSchema.readAll(from: connection)[key.parent.lowercased()]?.primaryKey.map(\.name) ?? []
        }
        guard parentColumns.count == fields.count else { return nil }
        let condition = parentColumns.map { "\(quoted($0)) = ?" }.joined(separator: " AND ")
        let probe = try connection.prepare(sql: "SELECT 1 FROM main.\(quoted(key.parent)) WHERE \(condition)")
        let reader = try CSVReader(
            path: planned.file.path, displayPath: planned.file.displayPath, delimiter: planned.file.delimiter)
        _ = try reader.next()
        while try reader.next() {
            let values = fields.map { value(reader, field: $0, planned: planned) }
            if values.contains(.null) { continue }
            try probe.reset()
            try probe.bind(values)
            if try !probe.step() {
                let shown = fields.map { describe(reader, field: $0) }.joined(separator: ", ")
                return Diagnostic(
                    .error,
                    "FOREIGN KEY constraint failed: \(planned.table.name).\(key.columns.joined(separator: ", ")) references \(key.parent), which has no row with value \(shown)\(more)",
                    at: reader.location(of: reader.fields[fields[0]]),
                    hint: "add the parent row to the seed of \(key.parent), or fix the value")
            }
        }
        return nil
    }

    // MARK: - Helpers

    /// The column names in a message such as `UNIQUE constraint failed: t.a, t.b`.
    private static func columnsNamed(in message: String, table: TableSchema) -> [String] {
        guard let colon = message.range(of: ": ") else {
            // "cannot store TEXT value in INTEGER column t.c"
            if let range = message.range(of: " column ") {
                return [String(message[range.upperBound...]).split(separator: ".").last.map(String.init) ?? ""]
            }
            return []
        }
        let list = message[colon.upperBound...]
        return list.split(separator: ",").compactMap { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            let pieces = trimmed.split(separator: ".", maxSplits: 1)
            guard pieces.count == 2, pieces[0].lowercased() == table.name.lowercased() else { return nil }
            return String(pieces[1])
        }
    }

    /// The first line before the current record whose `fields` bind to the same values.
    private static func earlierLine(planned: SeedLoader.PlannedFile, fields: [Int], reader current: CSVReader) -> Int? {
        guard !fields.isEmpty else { return nil }
        let wanted = fields.map { value(current, field: $0, planned: planned) }
        do {
            let reader = try CSVReader(
                path: planned.file.path, displayPath: planned.file.displayPath, delimiter: planned.file.delimiter)
            _ = try reader.next()
            while try reader.next(), reader.recordLine < current.recordLine {
                if fields.map({ value(reader, field: $0, planned: planned) }) == wanted { return reader.recordLine }
            }
        } catch {
            // The file was readable a moment ago; without an earlier line the diagnostic is still right.
        }
        return nil
    }

    private static func value(_ reader: CSVReader, field index: Int, planned: SeedLoader.PlannedFile) -> SQLiteValue {
        let field = reader.fields[index]
        return reader.withBytes(of: field) {
            SeedValue.value($0, isNull: field.isNull, affinity: planned.columns[index].affinity)
        }
    }

    /// A field's value as the user wrote it: `NULL` for an empty field, text in quotes when it is not a number.
    private static func describe(_ reader: CSVReader, field index: Int) -> String {
        let field = reader.fields[index]
        if field.isNull { return "NULL" }
        let text = reader.string(of: field)
        return reader.withBytes(of: field) { NumericLiteral.real($0) != nil } ? text : "'\(text)'"
    }
}
