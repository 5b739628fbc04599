import Kiln

/// Another tool's tracking table in a file a baseline takes over (`kiln migrate --baseline N`, or `--adopt`),
/// named as the tool names it and with the columns kiln reads. kiln never reads it, so the baseline's schema
/// comparison leaves it out and it may stay; or it is dropped in the transaction that sets the baseline, and
/// never any other table.
package struct BaselineTrackingTable: Sendable, Equatable {
    /// The tool.
    package let tool: ForeignTool
    /// The table, as the tool names it.
    package let table: String
    /// Whether `migrations/<database>/imported.json` maps this tool's versions, so that `--adopt` can take the
    /// file over from what the tool recorded.
    package let isImported: Bool
    /// Whether the baseline drops it.
    package let isDropped: Bool

    /// A table of `tool`'s, `dropped` or kept with the baseline.
    package init(tool: ForeignTool, table: String, isImported: Bool, isDropped: Bool) {
        self.tool = tool
        self.table = table
        self.isImported = isImported
        self.isDropped = isDropped
    }
}

extension KilnProject {
    /// The other tool's tracking table in the file at `path`, which a baseline of `database` leaves out (see
    /// ``Migrator/leaveOut(_:file:)``), and drops when `dropping`. Nothing is written.
    ///
    /// - Returns: the table; nil when there is none, or several, or the file does not exist, is at a kiln
    ///   version or cannot be read (migrating it says why), and `dropping` is off.
    /// - Throws: with `dropping`, ``TrackingTableDropError`` when there is nothing to drop (no file, a file at a
    ///   kiln version, no known table, a table that only has a tool's name, several tools' tables).
    package func baselineTrackingTable(
        for database: String, fileAt path: String, shownAs shown: String, dropping: Bool
    ) throws -> BaselineTrackingTable? {
        guard FileSystem.exists(path) else {
            if dropping { throw TrackingTableDropError(.noFile, file: shown) }
            return nil
        }
        let found: (tool: ForeignTool, table: String)?
        do {
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let version = try Migrator.version(of: connection)
            guard version == 0 else {
                if dropping { throw TrackingTableDropError(.alreadyVersioned(version), file: shown) }
                return nil
            }
            found =
                dropping
                ? try TrackingTable.identify(in: connection, file: shown) : try TrackingTable.tool(in: connection)
        } catch let error as TrackingTableError {
            throw TrackingTableDropError(error)
        } catch is SQLiteError, is FileSystemError {
            // The migration opens the file again and says what is wrong with it.
            return nil
        }
        guard let found else {
            if dropping { throw TrackingTableDropError(.none, file: shown) }
            return nil
        }
        let imported = (try? importManifest(for: database))??.tool == found.tool
        return BaselineTrackingTable(tool: found.tool, table: found.table, isImported: imported, isDropped: dropping)
    }
}

extension Migrator {
    /// Leaves `found`'s table out of a baseline's schema comparison; when it is dropped, drops it in the
    /// transaction that sets the baseline, once the schema matched, after finding it there again as the tool's
    /// table, so that no other table is ever dropped.
    ///
    /// - Parameters:
    ///   - found: the table, as ``KilnProject/baselineTrackingTable(for:fileAt:shownAs:dropping:)`` found it.
    ///   - file: the file as shown to the user, for the error when the table changed meanwhile.
    package mutating func leaveOut(_ found: BaselineTrackingTable, file: String) {
        if !baselineIgnoredTables.contains(where: { $0.identifierKey == found.table.identifierKey }) {
            baselineIgnoredTables.append(found.table)
        }
        guard found.isDropped else { return }
        whileBaselining = { connection in
            // Under the baseline's write lock: the table is still the tool's, or nothing is dropped.
            guard let now = try TrackingTable.tool(in: connection), now.tool == found.tool, now.table == found.table
            else { throw TrackingTableDropError(.none, file: file) }
            try connection.execute(sql: "DROP TABLE main.\(quoted(found.table))")
        }
    }
}
