import Kiln

extension SeedError.Reason {
    /// What went wrong, lowercase; SQLite's own message first where it has one.
    package var message: String {
        switch self {
        case .noDatabaseFile(let file, _): "no such file: \(file)"
        case .notADatabase(let file): "\(file) is not a SQLite database"
        case .cannotOpenDatabase(let file, let error): "cannot open \(file): \(error.explanation)"
        case .databaseFailed(let file, let error, let state): Self.databaseFailure(file, error, state)
        case .notAtNewestVersion(let file, _, let version, let newest):
            "\(file) is at version \(version), but the seeds are written for the newest version, \(newest)"
        case .noSeedFolder(let folder, _): "no seed folder \(folder)"
        case .noSeedFile(let table, let database, _, _): "no seed file for table '\(table)' in seeds/\(database)"
        case .noSuchTable(let name, _): "no table '\(name)' in the database"
        case .modeNeedsPrimaryKey(let mode, let table):
            "\(mode.rawValue) mode needs a primary key, and table '\(table)' has none"
        case .headerLacksPrimaryKey(let mode, let missing):
            "\(mode.rawValue) mode matches rows by primary key, but the header lacks "
                + missing.map { "'\($0)'" }.joined(separator: ", ")
        case .emptyFile: "the file is empty"
        case .unknownColumn(let name, let table, _, _): "table '\(table)' has no column '\(name)'"
        case .generatedColumn(let name): "column '\(name)' is generated and cannot be loaded"
        case .duplicateColumn(let name, _): "column '\(name)' appears twice in the header"
        case .malformedCSV(let error): error.message
        case .duplicateRow(let error, let value, let line), .duplicateInUniqueIndex(let error, _, let value, let line):
            "\(error.message) (value \(value) was already loaded at line \(line))"
        case .rowAlreadyInTable(let error, let value): "\(error.message) (value \(value) is already in the table)"
        case .emptyRequiredField(let error): "\(error.message) (the field is empty)"
        case .missingRequiredColumn(let error, let column):
            "\(error.message) (the header has no column '\(column)' and it has no default)"
        case .typeMismatch(let error, let value), .constraintFailed(let error, let value),
            .checkFailed(let error, let value):
            "\(error.message) (value \(value))"
        case .valueNotOfColumnType(let table, let column, let type, let value, let wanted, let stored):
            "\(table).\(column) is declared \(type), but value \(value) is not \(wanted): SQLite would store it as "
                + stored.uppercased()
        case .unknownTextColumn(let name, let table, _, _):
            "textInNumericColumns names column '\(name)', which table '\(table)' does not have"
        case .integerPrimaryKeyMismatch(let error, let value):
            "\(error.message): an INTEGER PRIMARY KEY holds only integers (value \(value))"
        case .rowFailed(let error): error.message
        case .emptyPrimaryKey(let columns, let value):
            "the primary key \(columns.joined(separator: ", ")) is empty (value \(value))"
        case .duplicateKeyInCSV(let columns, let value, let firstLine):
            "duplicate primary key in the CSV: \(columns.joined(separator: ", ")) (value \(value)"
                + (firstLine.map { " was already loaded at line \($0))" } ?? " appears twice)")
        case .indexFailed(let error, let index): "\(error.message) (while building index \(index))"
        case .foreignKeyOrphan(let table, let columns, let parent, let value, let others):
            "FOREIGN KEY constraint failed: \(table).\(columns.joined(separator: ", ")) references \(parent), "
                + "which has no row with value \(value)\(Self.more(others))"
        case .foreignKeyViolation(let table, let rowid, let parent, let others, _):
            "FOREIGN KEY constraint failed: table \(table) rowid \(rowid) references a missing row of "
                + "\(parent)\(Self.more(others))"
        }
    }

    /// How to fix it, in the library's terms (the command line names its flags instead).
    package var hint: String? {
        switch self {
        case .noDatabaseFile: "create it first by migrating the database"
        case .notAtNewestVersion: "migrate it to the newest version first"
        case .modeNeedsPrimaryKey: "give the table a PRIMARY KEY in a migration, or load it in insert mode"
        case .rowAlreadyInTable:
            "load in upsert mode to update existing rows, or in sync mode to make the table equal to the CSV"
        case .databaseFailed(let file, _, let state): Self.stateHint(file, state, rerun: "loading the same seeds again")
        case .emptyPrimaryKey: "upsert and sync modes match rows by primary key; give every row one"
        case .foreignKeyViolation(_, _, _, _, let mode) where mode == .sync:
            "sync mode deleted parent rows that other rows still reference; keep them in the parent's CSV"
        default: fileHint
        }
    }

    /// The hints that speak only of the seed files and the schema, the same in every front end.
    package var fileHint: String? {
        switch self {
        case .noSeedFolder(let folder, _): "put one CSV file per table in \(folder)/<table>.csv"
        case .noSeedFile(_, _, let suggestion, let tables):
            (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "the seeded tables are: \(tables.joined(separator: ", "))"
        case .noSuchTable(_, let tables):
            tables.isEmpty
                ? "the database has no tables; run its migrations first"
                : "name the file after one of its tables: \(tables.joined(separator: ", "))"
        case .headerLacksPrimaryKey: "add the primary key columns to the header"
        case .emptyFile(let columns): "the first line must name the columns, e.g. \(columns.joined(separator: ","))"
        case .unknownColumn(_, _, let suggestion, let columns):
            (suggestion.map { "did you mean '\($0)'? " } ?? "") + "its columns are: \(columns.joined(separator: ", "))"
        case .generatedColumn: "remove it from the header; SQLite computes it"
        case .valueNotOfColumnType(let table, let column, _, _, let wanted, _):
            "write \(wanted) (an empty unquoted field is NULL), or, to load text into this column on purpose, list "
                + "it in kiln.json: \"textInNumericColumns\": { \"\(table)\": [\"\(column)\"] }"
        case .unknownTextColumn(_, _, let suggestion, let columns):
            (suggestion.map { "did you mean '\($0)'? " } ?? "") + "its columns are: \(columns.joined(separator: ", "))"
        case .duplicateColumn(_, let first): "it was already named at column \(first); remove one of them"
        case .malformedCSV(let error): error.hint
        case .duplicateRow, .duplicateKeyInCSV: "each row needs its own key; remove or change one of the two rows"
        case .emptyRequiredField: "an empty unquoted field is NULL; write \"\" for an empty string"
        case .missingRequiredColumn(_, let column): "add '\(column)' to the header"
        case .duplicateInUniqueIndex(_, let index, _, _):
            "index \(index) is UNIQUE; remove or change one of the two rows"
        case .foreignKeyOrphan(_, _, let parent, _, _): "add the parent row to the seed of \(parent), or fix the value"
        case .foreignKeyViolation: "add the missing parent rows to the parent's seed"
        default: nil
        }
    }

    /// ` (and 2 more violations)` when there are other violations.
    private static func more(_ count: Int) -> String {
        count > 0 ? " (and \(count) more violation\(count == 1 ? "" : "s"))" : ""
    }
}
