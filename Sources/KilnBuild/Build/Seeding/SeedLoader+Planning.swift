import Kiln

extension SeedLoader {
    /// A seed file matched to its table through its header.
    struct PlannedFile {
        /// The file.
        let file: SeedFile
        /// Its table.
        let table: TableSchema
        /// The table column for each CSV field, in field order.
        let columns: [TableSchema.Column]
        /// The longest field the database accepts, in bytes.
        let maxFieldBytes: Int
        /// What each field's column promises about its value's type, in field order.
        let promises: [SeedValuePromise]

        /// Opens the file, positioned after its header (checked while planning).
        ///
        /// - Returns: a reader whose next record is the first row.
        /// - Throws: ``CSVError`` when the file cannot be read.
        func openRows() throws -> CSVReader {
            var reader = try CSVReader(
                path: file.path, displayPath: file.displayPath, delimiter: file.delimiter,
                maxFieldBytes: maxFieldBytes)
            _ = try reader.next()
            return reader
        }

        /// The CSV field that loads the column named `name` (compared as SQLite compares identifiers).
        ///
        /// - Returns: the field's index, or nil when the header does not name the column.
        func fieldIndex(ofColumn name: String) -> Int? {
            let wanted = name.identifierKey
            return columns.firstIndex { $0.name.identifierKey == wanted }
        }
    }

    /// Matches every file to its table and header, reporting all problems at once, and orders the files
    /// parents first.
    ///
    /// - Returns: the files in load order.
    /// - Throws: ``SeedError`` with every problem found.
    func plan(tables: [SQLIdentifierKey: TableSchema], maxFieldBytes: Int = 1_000_000_000) throws -> [PlannedFile] {
        var problems: [SeedError.Problem] = []
        var planned: [PlannedFile] = []
        for file in files {
            do {
                planned.append(try plan(file, tables: tables, maxFieldBytes: maxFieldBytes))
            } catch let error as SeedError {
                problems += error.problems
            } catch let error as CSVError {
                problems.append(SeedError.Problem(.malformedCSV(error), at: error.location))
            }
        }
        guard problems.isEmpty else { throw SeedError(problems: problems) }
        return TableSchema.parentsFirst(planned, table: \.table)
    }

    /// Matches one file to its table and checks that the mode can match its rows.
    private func plan(_ file: SeedFile, tables: [SQLIdentifierKey: TableSchema], maxFieldBytes: Int) throws
        -> PlannedFile
    {
        let start = SourceLocation(path: file.displayPath, line: 1, column: 1)
        guard let table = tables[file.tableName.identifierKey] else {
            throw SeedError(.noSuchTable(file.tableName, tables: tables.values.map(\.name).sorted()), at: start)
        }
        if mode != .insert && table.primaryKey.isEmpty {
            throw SeedError(.modeNeedsPrimaryKey(mode, table: table.name), at: start)
        }
        let columns = try header(of: file, table: table, maxFieldBytes: maxFieldBytes)
        if mode != .insert {
            let missing = table.primaryKey.filter { key in
                !columns.contains { $0.name.identifierKey == key.name.identifierKey }
            }
            if !missing.isEmpty {
                throw SeedError(.headerLacksPrimaryKey(mode, missing: missing.map(\.name)), at: start)
            }
        }
        let textColumns = try Self.textColumns(of: file, in: table)
        let promises = columns.map { column in
            SeedValuePromise.of(column, in: table, allowsText: textColumns.contains(column.name.identifierKey))
        }
        return PlannedFile(
            file: file, table: table, columns: columns, maxFieldBytes: maxFieldBytes, promises: promises)
    }

    /// The columns `kiln.json` lets `file` fill with text although numeric, each a column of `table`.
    ///
    /// - Throws: ``SeedError`` at the table's key in `kiln.json` for a name the table does not have.
    private static func textColumns(of file: SeedFile, in table: TableSchema) throws -> Set<SQLIdentifierKey> {
        guard let setting = file.textColumns else { return [] }
        let names = table.columns.filter { !$0.isGenerated && !$0.isHidden }.map(\.name)
        let problems = setting.names.filter { table.column(named: $0) == nil }.map { name in
            SeedError.Problem(
                .unknownTextColumn(
                    name, table: table.name, suggestion: Suggestion.closest(to: name, among: names), columns: names),
                at: setting.location)
        }
        guard problems.isEmpty else { throw SeedError(problems: problems) }
        return Set(setting.names.map { $0.identifierKey })
    }

    /// Reads and checks a file's header: every name a column of the table, none twice, none generated.
    private func header(of file: SeedFile, table: TableSchema, maxFieldBytes: Int) throws -> [TableSchema.Column] {
        var reader = try CSVReader(
            path: file.path, displayPath: file.displayPath, delimiter: file.delimiter, maxFieldBytes: maxFieldBytes)
        guard try reader.next() else {
            throw SeedError(
                .emptyFile(exampleColumns: table.columns.prefix(3).map(\.name)),
                at: SourceLocation(path: file.displayPath, line: 1, column: 1))
        }
        var problems: [SeedError.Problem] = []
        var columns: [TableSchema.Column] = []
        var seen: [SQLIdentifierKey: Int] = [:]
        for field in reader.fields {
            let name = reader.string(of: field)
            let location = reader.location(of: field)
            guard let column = table.column(named: name), !column.isHidden else {
                problems.append(SeedError.Problem(Self.unknownColumn(name, in: table), at: location))
                continue
            }
            if column.isGenerated {
                problems.append(SeedError.Problem(.generatedColumn(column.name), at: location))
                continue
            }
            if let first = seen[column.name.identifierKey] {
                problems.append(SeedError.Problem(.duplicateColumn(column.name, firstColumn: first), at: location))
                continue
            }
            seen[column.name.identifierKey] = field.column
            columns.append(column)
        }
        guard problems.isEmpty else { throw SeedError(problems: problems) }
        return columns
    }

    /// A header name that is not a column of `table` (or is a hidden one), with the closest column name.
    private static func unknownColumn(_ name: String, in table: TableSchema) -> SeedError.Reason {
        let insertable = table.columns.filter { !$0.isGenerated && !$0.isHidden }.map(\.name)
        return .unknownColumn(
            name, table: table.name, suggestion: Suggestion.closest(to: name, among: insertable), columns: insertable)
    }
}
