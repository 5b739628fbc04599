#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

extension SQLiteStatement {
    // "These routines provide a means to determine the database, table, and table column that is the origin of
    // a particular result column in a SELECT statement. [...] If the Nth column returned by the statement is an
    // expression or subquery and is not a column value, then all of these functions return NULL."
    // (https://www.sqlite.org/c3ref/column_database_name.html; SQLite must be compiled with
    // SQLITE_ENABLE_COLUMN_METADATA, as Debian's and Apple's are.)

    /// The table result column `index` (0-based) is read from, through views and subqueries, or nil for an
    /// expression (`sqlite3_column_table_name`).
    public func columnTableName(at index: Int) -> String? {
        sqlite3_column_table_name(handle, Int32(index)).map { String(cString: $0) }
    }

    /// The name, in its table, of the column result column `index` (0-based) is read from, or nil for an
    /// expression (`sqlite3_column_origin_name`).
    public func columnOriginName(at index: Int) -> String? {
        sqlite3_column_origin_name(handle, Int32(index)).map { String(cString: $0) }
    }

    /// The name of the 1-based parameter `index` with its prefix (`:day`, `@day`, `$day`, `?2`), or nil for a
    /// bare `?` (`sqlite3_bind_parameter_name`).
    public func parameterName(at index: Int) -> String? {
        sqlite3_bind_parameter_name(handle, Int32(index)).map { String(cString: $0) }
    }

    /// The 1-based index of the parameter written `name` with its prefix (`:day`), or nil when the statement
    /// has none of that name (`sqlite3_bind_parameter_index`).
    public func parameterIndex(named name: String) -> Int? {
        let index = Int(sqlite3_bind_parameter_index(handle, name))
        return index == 0 ? nil : index
    }

    /// Resets the statement and clears its bindings, for a statement kept to run again. The code
    /// `sqlite3_reset` returns repeats the failure of the last step, which ``step()`` has already thrown, so it
    /// is not reported twice.
    func resetForReuse() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
