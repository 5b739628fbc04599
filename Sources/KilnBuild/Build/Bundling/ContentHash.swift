import Kiln

/// A hash of what a database holds, independent of how SQLite laid it out in pages: the normalized schema,
/// then every table's rows in primary-key order, each value tagged with its storage class. Two files with
/// the same content hash answer every query the same, even when a newer SQLite writes different bytes.
package enum ContentHash {
    /// The content hash and the row count of every table of `connection`'s main database.
    package static func compute(_ connection: SQLiteConnection) throws -> (hash: SHA256Digest, rowCounts: [String: Int])
    {
        var hasher = SHA256Hasher()
        let schema = try SchemaSnapshot.read(from: connection)
        for statement in schema.statements { hasher.update("schema \(statement)\n") }
        var counts: [String: Int] = [:]
        let tables = TableSchema.tables(of: schema.model)
        for table in tables.values.sorted(by: { $0.name < $1.name }) {
            let columns = table.columns.filter { !$0.isHidden }
            let key = table.primaryKey
            // Without a primary key, VACUUM may renumber rowids, so order by every column instead.
            let order = (key.isEmpty ? columns : key).map { quoted($0.name) }.joined(separator: ", ")
            let statement = try connection.prepare(
                sql:
                    "SELECT \(columns.map { quoted($0.name) }.joined(separator: ", ")) FROM main.\(quoted(table.name)) ORDER BY \(order)"
            )
            hasher.update("table \(table.name)\n")
            var count = 0
            while try statement.step() {
                count += 1
                for index in 0..<columns.count { feed(statement.value(at: index), into: &hasher) }
            }
            counts[table.name] = count
        }
        return (hasher.finalize(), counts)
    }

    /// Feeds one value with its storage class and length, so no two different rows feed the same bytes.
    private static func feed(_ value: SQLiteValue, into hasher: inout SHA256Hasher) {
        var bytes: [UInt8] = []
        value.appendCanonicalBytes(to: &bytes)
        hasher.update(bytes)
    }
}
