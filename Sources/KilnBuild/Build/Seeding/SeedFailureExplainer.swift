import Foundation
import Kiln

/// Turns SQLite's errors during a load into ``SeedError`` reasons that point at the CSV line and field at
/// fault, with the value, and for duplicates the line that loaded the value first. It runs only after
/// something failed, so it may read the file again.
enum SeedFailureExplainer {
    /// A row's insert failed: constraint, type or other error.
    ///
    /// - Returns: the error to throw, at the field SQLite's message names when it names one.
    static func rowFailure(
        _ error: SQLiteError, planned: SeedLoader.PlannedFile, reader: borrowing CSVReader
    ) -> SeedError {
        let record = SourceLocation(path: planned.file.displayPath, line: reader.recordLine, column: 1)
        let message = error.message
        let named = columnsNamed(in: message, table: planned.table)
        let fieldIndex = named.first.flatMap { planned.fieldIndex(ofColumn: $0) }
        let location = fieldIndex.map { reader.location(of: reader.fields[$0]) } ?? record
        if isUniqueFailure(error) {
            let fields = named.compactMap { planned.fieldIndex(ofColumn: $0) }
            let shown = describe(reader, fields: fields)
            if let line = earlierLine(planned: planned, fields: fields, reader: reader) {
                return SeedError(.duplicateRow(error, value: shown, firstLine: line), at: location)
            }
            return SeedError(.rowAlreadyInTable(error, value: shown), at: location)
        }
        if error.code.matches(.constraintNotNull), let name = named.first {
            guard fieldIndex != nil else { return SeedError(.missingRequiredColumn(error, column: name), at: record) }
            return SeedError(.emptyRequiredField(error), at: location)
        }
        if let fieldIndex {
            let value = describe(reader, fields: [fieldIndex])
            let isType = error.code.matches(.constraintDataType)
            return SeedError(
                isType ? .typeMismatch(error, value: value) : .constraintFailed(error, value: value), at: location)
        }
        return checkFailure(error, planned: planned, reader: reader)
            ?? integerKeyFailure(error, planned: planned, reader: reader)
            ?? SeedError(.rowFailed(error), at: record)
    }

    /// A CHECK constraint failed: points at the first field whose column the constraint mentions.
    private static func checkFailure(
        _ error: SQLiteError, planned: SeedLoader.PlannedFile, reader: borrowing CSVReader
    ) -> SeedError? {
        guard error.code.matches(.constraintCheck) else { return nil }
        // SQLite's message: `CHECK constraint failed: ` and the constraint's name or expression.
        let constraint = String(error.message.dropFirst("CHECK constraint failed: ".count))
        var lexer = SQLLexer(constraint)
        let words = Set(lexer.tokens().compactMap { lexer.identifier(of: $0)?.identifierKey })
        guard let index = planned.columns.firstIndex(where: { words.contains($0.name.identifierKey) }) else {
            return nil
        }
        return SeedError(
            .checkFailed(error, value: describe(reader, fields: [index])), at: reader.location(of: reader.fields[index])
        )
    }

    /// SQLite's `datatype mismatch`: an INTEGER PRIMARY KEY field that is not an integer.
    private static func integerKeyFailure(
        _ error: SQLiteError, planned: SeedLoader.PlannedFile, reader: borrowing CSVReader
    ) -> SeedError? {
        guard error.code.matches(.mismatch),
            let index = planned.columns.firstIndex(where: { $0.primaryKeyPosition > 0 && $0.affinity == .integer })
        else { return nil }
        return SeedError(
            .integerPrimaryKeyMismatch(error, value: describe(reader, fields: [index])),
            at: reader.location(of: reader.fields[index]))
    }

    /// The same primary key appeared twice (or was empty) in an upsert or sync load.
    ///
    /// - Returns: the error to throw, at the key's first field (or its empty one).
    static func duplicateKey(planned: SeedLoader.PlannedFile, keyFields: [Int], reader: borrowing CSVReader)
        -> SeedError
    {
        let shown = describe(reader, fields: keyFields)
        let columns = keyFields.map { "\(planned.table.name).\(planned.columns[$0].name)" }
        if let empty = keyFields.first(where: { reader.fields[$0].isNull }) {
            return SeedError(
                .emptyPrimaryKey(columns: columns, value: shown), at: reader.location(of: reader.fields[empty]))
        }
        let line = earlierLine(planned: planned, fields: keyFields, reader: reader)
        return SeedError(
            .duplicateKeyInCSV(columns: columns, value: shown, firstLine: line),
            at: reader.location(of: reader.fields[keyFields[0]]))
    }

    // MARK: - Helpers

    /// Whether `error` is a `UNIQUE` or `PRIMARY KEY` constraint's failure (a rowid's included: SQLite reports a
    /// duplicate `INTEGER PRIMARY KEY` as `SQLITE_CONSTRAINT_PRIMARYKEY`), told by its extended code.
    static func isUniqueFailure(_ error: SQLiteError) -> Bool {
        error.code.matches(.constraintUnique) || error.code.matches(.constraintPrimaryKey)
    }

    /// The column names in a message such as `UNIQUE constraint failed: t.a, t.b`.
    static func columnsNamed(in message: String, table: TableSchema) -> [String] {
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
            guard pieces.count == 2, String(pieces[0]).isSameIdentifier(as: table.name) else { return nil }
            return String(pieces[1])
        }
    }

    /// The first line before the current record whose `fields` bind to the same values.
    private static func earlierLine(
        planned: SeedLoader.PlannedFile, fields: [Int], reader current: borrowing CSVReader
    ) -> Int? {
        guard !fields.isEmpty else { return nil }
        let wanted = fields.map { value(current, field: $0, planned: planned) }
        do {
            var reader = try planned.openRows()
            while try reader.next(), reader.recordLine < current.recordLine {
                if fields.map({ value(reader, field: $0, planned: planned) }) == wanted { return reader.recordLine }
            }
        } catch {
            // The file was readable a moment ago; without an earlier line the diagnostic is still right.
        }
        return nil
    }

    /// The value field `index` of the current record binds as.
    static func value(_ reader: borrowing CSVReader, field index: Int, planned: SeedLoader.PlannedFile) -> SQLiteValue {
        let field = reader.fields[index]
        return reader.withBytes(of: field) {
            SeedValue.value($0, isNull: field.isNull, affinity: planned.columns[index].affinity)
        }
    }

    /// Fields' values as the user wrote them, separated by commas: `NULL` for an empty field, text in quotes
    /// when it is not a number.
    static func describe(_ reader: borrowing CSVReader, fields: [Int]) -> String {
        fields.map { index in
            let field = reader.fields[index]
            if field.isNull { return "NULL" }
            let text = reader.string(of: field)
            return reader.withBytes(of: field) { NumericLiteral.real($0) != nil } ? text : "'\(text)'"
        }.joined(separator: ", ")
    }
}
