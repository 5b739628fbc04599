#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One action SQLite's authorizer checked while it compiled a statement (`sqlite3_set_authorizer`,
/// <https://www.sqlite.org/c3ref/set_authorizer.html>): what the statement, a trigger it fires or a view it reads
/// is about to do, and to what. SQLite asks while it compiles, so the actions are every one the statement may take
/// (both branches of a `CASE`, a trigger whose `WHEN` may be false), whatever rows it meets.
package struct SQLiteAuthorization: Sendable, Equatable {
    /// An authorizer action code (`SQLITE_READ`, `SQLITE_INSERT`, …).
    package struct Action: RawRepresentable, Hashable, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        /// `CREATE INDEX`: the index, then its table.
        package static let createIndex = Action(rawValue: SQLITE_CREATE_INDEX)
        /// `CREATE TABLE`: the table.
        package static let createTable = Action(rawValue: SQLITE_CREATE_TABLE)
        /// `CREATE TRIGGER`: the trigger, then its table.
        package static let createTrigger = Action(rawValue: SQLITE_CREATE_TRIGGER)
        /// `CREATE VIEW`: the view.
        package static let createView = Action(rawValue: SQLITE_CREATE_VIEW)
        /// Rows deleted from the table.
        package static let delete = Action(rawValue: SQLITE_DELETE)
        /// `DROP INDEX`: the index, then its table.
        package static let dropIndex = Action(rawValue: SQLITE_DROP_INDEX)
        /// `DROP TABLE`: the table.
        package static let dropTable = Action(rawValue: SQLITE_DROP_TABLE)
        /// `DROP TRIGGER`: the trigger, then its table.
        package static let dropTrigger = Action(rawValue: SQLITE_DROP_TRIGGER)
        /// `DROP VIEW`: the view.
        package static let dropView = Action(rawValue: SQLITE_DROP_VIEW)
        /// Rows inserted into the table.
        package static let insert = Action(rawValue: SQLITE_INSERT)
        /// A `PRAGMA`: its name, then its argument.
        package static let pragma = Action(rawValue: SQLITE_PRAGMA)
        /// A column read: the table (or view), then the column.
        package static let read = Action(rawValue: SQLITE_READ)
        /// A `SELECT`.
        package static let select = Action(rawValue: SQLITE_SELECT)
        /// `BEGIN`, `COMMIT` or `ROLLBACK`: the operation.
        package static let transaction = Action(rawValue: SQLITE_TRANSACTION)
        /// A column updated: the table, then the column.
        package static let update = Action(rawValue: SQLITE_UPDATE)
        /// `ALTER TABLE`: the database, then the table.
        package static let alterTable = Action(rawValue: SQLITE_ALTER_TABLE)
        /// A function called: no first argument, then the function's name.
        package static let function = Action(rawValue: SQLITE_FUNCTION)
        /// `SAVEPOINT`, `RELEASE` or `ROLLBACK TO`: the operation, then the savepoint.
        package static let savepoint = Action(rawValue: SQLITE_SAVEPOINT)
        /// `REINDEX`, or the index a `CREATE INDEX` fills: the index.
        package static let reindex = Action(rawValue: SQLITE_REINDEX)
        /// A recursive common table expression.
        package static let recursive = Action(rawValue: SQLITE_RECURSIVE)
    }

    /// What is about to be done.
    package let action: Action
    /// The action's first argument (a table, an index, a pragma's name; see ``Action``).
    package let first: String?
    /// The action's second argument (a column, an index's table, a function's name, a pragma's argument).
    package let second: String?
    /// The database the action is about (`main`, `temp`, an attached one), when SQLite names one.
    package let database: String?
    /// The innermost trigger or view whose code takes the action; nil for the statement's own.
    package let trigger: String?

    /// An action with its arguments.
    package init(
        action: Action, first: String? = nil, second: String? = nil, database: String? = nil, trigger: String? = nil
    ) {
        self.action = action
        self.first = first
        self.second = second
        self.database = database
        self.trigger = trigger
    }
}

/// What the authorizer's C context points at while ``SQLiteConnection/observingAuthorizations(_:during:)`` runs.
private final class AuthorizerBox {
    let observe: (SQLiteAuthorization) -> Void
    init(_ observe: @escaping (SQLiteAuthorization) -> Void) { self.observe = observe }
}

extension SQLiteConnection {
    /// Runs `body` while SQLite's authorizer tells `observe` every action it checks as this connection compiles
    /// statements (those `body` prepares, with the triggers they fire and the views they read), allowing each.
    /// The authorizer is this connection's only one meanwhile and is removed when `body` returns or throws; the
    /// observer is retained until then.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the authorizer; what `body` throws.
    /// - Returns: what `body` returns.
    @discardableResult
    package func observingAuthorizations<Result>(
        _ observe: @escaping (SQLiteAuthorization) -> Void, during body: () throws -> Result
    ) throws -> Result {
        let box = Unmanaged.passRetained(AuthorizerBox(observe))
        let code = sqlite3_set_authorizer(
            handle,
            { context, action, first, second, database, trigger in
                guard let context else { return SQLITE_OK }
                let box = Unmanaged<AuthorizerBox>.fromOpaque(context).takeUnretainedValue()
                box.observe(
                    SQLiteAuthorization(
                        action: SQLiteAuthorization.Action(rawValue: action), first: first.map(String.init(cString:)),
                        second: second.map(String.init(cString:)), database: database.map(String.init(cString:)),
                        trigger: trigger.map(String.init(cString:))))
                return SQLITE_OK
            }, box.toOpaque())
        defer {
            sqlite3_set_authorizer(handle, nil, nil)
            box.release()
        }
        try check(code)
        return try body()
    }
}
