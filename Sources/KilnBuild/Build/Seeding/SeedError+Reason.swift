import Kiln

extension SeedError {
    /// What went wrong while seeding. Cases that come from SQLite carry its ``SQLiteError``; values are shown
    /// as the CSV wrote them (`NULL`, a number, or text in quotes).
    package enum Reason: Equatable, Sendable {
        // MARK: Finding the database and the files

        /// The database file does not exist (`file` as the caller named it).
        case noDatabaseFile(file: String, database: String)
        /// The file is not a SQLite database.
        case notADatabase(file: String)
        /// The database cannot be opened.
        case cannotOpenDatabase(file: String, SQLiteError)
        /// The database file or the system failed under the load (an I/O error, a full disk, a lock); `state`
        /// says what the file holds now.
        case databaseFailed(file: String, SQLiteError, state: SeedFileState)
        /// The database is not at its newest migration, which the seeds are written for.
        case notAtNewestVersion(file: String, database: String, version: Int32, newest: Int32)
        /// The seed folder cannot be read.
        case noSeedFolder(folder: String, FileSystemError)
        /// A table asked for has no seed file.
        case noSeedFile(table: String, database: String, suggestion: String?, seededTables: [String])

        // MARK: Matching files to tables

        /// A file names a table the database does not have.
        case noSuchTable(String, tables: [String])
        /// Upsert and sync match rows by primary key, and the table has none.
        case modeNeedsPrimaryKey(SeedMode, table: String)
        /// Upsert and sync match rows by primary key, and the header lacks some of its columns.
        case headerLacksPrimaryKey(SeedMode, missing: [String])
        /// The file has no header.
        case emptyFile(exampleColumns: [String])
        /// The header names a column the table does not have.
        case unknownColumn(String, table: String, suggestion: String?, columns: [String])
        /// The header names a generated column.
        case generatedColumn(String)
        /// The header names a column twice; `firstColumn` is where it first appears.
        case duplicateColumn(String, firstColumn: Int)
        /// The file breaks the CSV rules.
        case malformedCSV(CSVError)

        // MARK: Loading rows

        /// A key the file loaded before, at `firstLine`.
        case duplicateRow(SQLiteError, value: String, firstLine: Int)
        /// A key already in the table before the load (insert mode).
        case rowAlreadyInTable(SQLiteError, value: String)
        /// An empty field for a NOT NULL column.
        case emptyRequiredField(SQLiteError)
        /// A NOT NULL column without a default that the header does not name.
        case missingRequiredColumn(SQLiteError, column: String)
        /// A STRICT column refused a value of another type.
        case typeMismatch(SQLiteError, value: String)
        /// A column that is not STRICT would keep a value as another type than it promises (``SeedValuePromise``):
        /// `n/a` as TEXT in an INTEGER column, `3.99` as REAL in one.
        case valueNotOfColumnType(
            table: String, column: String, declaredType: String, value: String, wanted: String,
            stored: String)
        /// A column `textInNumericColumns` lists in `kiln.json` that the table does not have.
        case unknownTextColumn(String, table: String, suggestion: String?, columns: [String])
        /// A constraint on one column refused a value.
        case constraintFailed(SQLiteError, value: String)
        /// A CHECK constraint refused a value.
        case checkFailed(SQLiteError, value: String)
        /// An INTEGER PRIMARY KEY field is not an integer.
        case integerPrimaryKeyMismatch(SQLiteError, value: String)
        /// SQLite refused a row for another reason.
        case rowFailed(SQLiteError)
        /// A row's primary key is empty (upsert and sync).
        case emptyPrimaryKey(columns: [String], value: String)
        /// The same primary key twice in the file (upsert and sync); `firstLine` when it could be found.
        case duplicateKeyInCSV(columns: [String], value: String, firstLine: Int?)

        // MARK: After the rows

        /// Re-creating an index after the rows went in failed.
        case indexFailed(SQLiteError, index: String)
        /// Re-creating a UNIQUE index found a value the file loaded before, at `firstLine`.
        case duplicateInUniqueIndex(SQLiteError, index: String, value: String, firstLine: Int)
        /// A row's foreign key references a parent row that does not exist.
        case foreignKeyOrphan(table: String, columns: [String], parent: String, value: String, otherViolations: Int)
        /// A foreign key violation that could not be traced to a CSV record.
        case foreignKeyViolation(
            table: String, rowid: SQLiteValue, parent: String, otherViolations: Int, mode: SeedMode)
    }

    /// What a database file holds after SQLite failed under a load.
    package enum SeedFileState: Equatable, Sendable {
        /// The failure came before the commit: SQLite rolled the load back, the file is as it was.
        case rolledBack
        /// The commit itself failed, and the file was not read back yet: the commit may have reached it
        /// (`countsBefore`: each table's row count before the load, to read it back against).
        case commitFailed(countsBefore: [String: Int64])
        /// Read back after a failed commit: every table holds every row of its seed file (`rows` in all), so
        /// the commit reached the file before SQLite reported the error.
        case holdsTheSeeds(rows: Int, tables: Int)
        /// Read back after a failed commit: the file is as it was before the load.
        case asItWas
        /// The file could not be read back after a failed commit, or holds neither.
        case unknown
    }
}
