import Foundation
import Kiln

/// The checks every built file passes before it is published.
package enum BuildInvariants {
    /// Checks a closed, built file: header bytes 18-19 are 1 (rollback journal, not WAL), no side files,
    /// `user_version` and `application_id` as expected, integrity and foreign-key checks clean, no free pages.
    ///
    /// `prepare` registers the database's collations and functions first (``Migrator/prepareConnection``):
    /// `integrity_check` reads a schema that may use them.
    ///
    /// - Throws: ``BuildError`` naming the first broken invariant, ``FileSystemError`` or ``SQLiteError``.
    package static func verify(
        path: String, expected: BuildExpectations, database: String? = nil,
        prepare: ((SQLiteConnection) throws -> Void)? = nil
    ) throws {
        let name = database ?? FileSystem.lastComponent(of: path)
        func fail(_ reason: BuildError.Reason) -> BuildError { BuildError(database: name, reason) }
        let header = try FileSystem.prefix(of: path, count: 100)
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw fail(.notSQLite(path: path))
        }
        guard header[18] == 1 && header[19] == 1 else { throw fail(.walMode(byte18: header[18], byte19: header[19])) }
        for suffix in ["-journal", "-wal", "-shm"] where FileSystem.exists(path + suffix) {
            throw fail(.sideFile(path: path + suffix))
        }
        let connection = try SQLiteConnection(path: BundledFile.uri(path), mode: .readOnly)
        try prepare?(connection)
        let facts = try connection.rows(
            sql: "SELECT * FROM pragma_user_version, pragma_application_id, pragma_freelist_count, pragma_page_size")
        guard let row = facts.first, row.count == 4 else { throw fail(.unreadablePragmas) }
        if row[0] != .integer(Int64(expected.userVersion)) {
            throw fail(.userVersion(found: row[0], expected: expected.userVersion))
        }
        if row[1] != .integer(Int64(expected.applicationID)) {
            throw fail(.applicationID(found: row[1], expected: expected.applicationID))
        }
        if row[2] != .integer(0) { throw fail(.freePages(row[2])) }
        if row[3] != .integer(Int64(expected.pageSize)) {
            throw fail(.pageSize(found: row[3], expected: expected.pageSize))
        }
        guard try connection.rows(sql: "PRAGMA integrity_check") == [["ok"]] else {
            throw fail(.integrityCheckFailed(details: []))
        }
        guard try connection.rows(sql: "PRAGMA foreign_key_check").isEmpty else { throw fail(.foreignKeyCheckNotEmpty) }
    }
}
