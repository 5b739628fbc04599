import Foundation
import Kiln
import KilnTestSupport

/// A database made the way each tool makes one: its first up files applied, its tracking table created and
/// filled as the tool's source fills it, checksums included. The checksums come from Python's `hashlib` and
/// `zlib` (an implementation kiln does not share): sqlx's SHA-384 of the file's bytes, Flyway's CRC-32 of the
/// file read line by line as Java's `BufferedReader.readLine` splits it (`\r\n`, `\r`, `\n`), a byte order mark
/// removed, as a signed 32-bit integer.
enum ToolTrackingTables {
    /// `python3`, which computes the reference checksums.
    static let python = "/usr/bin/python3"

    /// The checksum the tool records for each file, in order: hexadecimal for sqlx, decimal for Flyway.
    static func checksums(tool: String, files: [String]) throws -> [String] {
        let script = """
            import hashlib, re, sys, zlib
            for path in sys.argv[2:]:
                data = open(path, "rb").read()
                if sys.argv[1] == "sqlx":
                    print(hashlib.sha384(data).hexdigest())
                else:
                    text = data.decode("utf-8")
                    if text.startswith("\\ufeff"):
                        text = text[1:]
                    lines = re.split(r"\\r\\n|\\r|\\n", text)
                    crc = 0
                    for line in lines:
                        crc = zlib.crc32(line.encode("utf-8"), crc)
                    print(crc - (1 << 32) if crc >= (1 << 31) else crc)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, tool] + files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The name after the version of an up file (`<version>_<name>.sql`, `V<version>__<name>.sql`, diesel's
    /// `<version>_<name>/up.sql`).
    static func name(of file: String, tool: String) -> String {
        let stem = String(file.split(separator: "/")[0])
        let separator = tool == "flyway" ? "__" : "_"
        let rest = stem.components(separatedBy: separator).dropFirst().joined(separator: separator)
        return rest.replacingOccurrences(of: ".up.sql", with: "").replacingOccurrences(of: ".sql", with: "")
    }

    /// The version part of an up file's name, as written.
    static func writtenVersion(of file: String, tool: String) -> String {
        let stem = String(file.split(separator: "/")[0])
        if tool == "flyway" { return String(stem.dropFirst().components(separatedBy: "__")[0]) }
        return stem.components(separatedBy: "_")[0]
    }

    /// The SQL creating and filling `fixture.tool`'s tracking table after its first `count` up files ran.
    static func sql(for fixture: ImportFixture, applied count: Int) throws -> String {
        let files = Array(fixture.upFiles.prefix(count))
        let versions = files.map { writtenVersion(of: $0, tool: fixture.tool) }
        let names = files.map { name(of: $0, tool: fixture.tool).replacingOccurrences(of: "_", with: " ") }
        switch fixture.tool {
        case "diesel":
            // diesel_migrations: the folder name up to its first `_`, dashes removed, inserted as text.
            return """
                CREATE TABLE __diesel_schema_migrations (
                    version VARCHAR(50) PRIMARY KEY NOT NULL, run_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP);
                INSERT INTO __diesel_schema_migrations (version) VALUES
                """ + versions.map { "('\($0.filter(\.isNumber))')" }.joined(separator: ", ") + ";"
        case "sqlx":
            let sums = try checksums(tool: "sqlx", files: files.map { "\(fixture.path)/\($0)" })
            // sqlx-core's SQLite migrate: version as i64, description with `_` as spaces, TRUE, SHA-384.
            let rows = zip(zip(versions, names), sums).map { "(\(Int64($0.0)!), '\($0.1)', TRUE, x'\($1)', 1504)" }
            return """
                CREATE TABLE IF NOT EXISTS _sqlx_migrations (
                    version BIGINT PRIMARY KEY, description TEXT NOT NULL,
                    installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, success BOOLEAN NOT NULL,
                    checksum BLOB NOT NULL, execution_time BIGINT NOT NULL);
                INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) VALUES
                """ + rows.joined(separator: ",\n") + ";"
        case "golang-migrate":
            // One row: the newest version, as an integer, and the dirty flag.
            return """
                CREATE TABLE IF NOT EXISTS schema_migrations (version uint64, dirty bool);
                CREATE UNIQUE INDEX IF NOT EXISTS version_unique ON schema_migrations (version);
                INSERT INTO schema_migrations (version, dirty) VALUES (\(UInt64(versions.last!)!), false);
                """
        case "goose":
            // goose's version 0 row when it creates the table, then one applied row per migration.
            return """
                CREATE TABLE goose_db_version (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, version_id INTEGER NOT NULL, is_applied INTEGER NOT NULL,
                    tstamp TIMESTAMP DEFAULT (datetime('now')));
                INSERT INTO goose_db_version (version_id, is_applied) VALUES (0, 1),
                """ + versions.map { "(\(Int64($0)!), 1)" }.joined(separator: ", ") + ";"
        case "dbmate":
            // The digits before the name, as written.
            return """
                CREATE TABLE IF NOT EXISTS "schema_migrations" (version varchar(128) primary key);
                INSERT INTO schema_migrations (version) VALUES
                """ + versions.map { "('\($0)')" }.joined(separator: ", ") + ";"
        default:
            let sums = try checksums(tool: "flyway", files: files.map { "\(fixture.path)/\($0)" })
            // Flyway: the version with `_` as `.`, leading zeros kept; the script as found; a CRC-32 per file.
            let rows = files.indices.map { index in
                "(\(index + 1), '\(versions[index].replacingOccurrences(of: "_", with: "."))', '\(names[index])', "
                    + "'SQL', '\(files[index])', \(sums[index]), 'app', '2024-05-0\(index % 9 + 1) 10:00:00', 12, 1)"
            }
            return """
                CREATE TABLE "flyway_schema_history" (
                    "installed_rank" INT NOT NULL PRIMARY KEY, "version" VARCHAR(50), "description" VARCHAR(200) NOT NULL,
                    "type" VARCHAR(20) NOT NULL, "script" VARCHAR(1000) NOT NULL, "checksum" INT,
                    "installed_by" VARCHAR(100) NOT NULL,
                    "installed_on" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f','now')),
                    "execution_time" INT NOT NULL, "success" BOOLEAN NOT NULL);
                CREATE INDEX "flyway_schema_history_s_idx" ON "flyway_schema_history" ("success");
                INSERT INTO flyway_schema_history VALUES
                """ + rows.joined(separator: ",\n") + ";"
        }
    }

    /// `app.db` in `project`, made by the tool: its first `count` up files, its tracking table, a user's row.
    static func makeDatabase(_ fixture: ImportFixture, applied count: Int, in project: TemporaryDirectory) throws {
        let firstFiles = ImportFixture(
            tool: fixture.tool, isDetected: fixture.isDetected, upFiles: Array(fixture.upFiles.prefix(count)),
            downMarker: fixture.downMarker, root: fixture.root)
        let database = try SQLiteConnection(path: project.path("app.db"))
        try database.execute(sql: try firstFiles.upSQL())
        try database.execute(sql: try sql(for: fixture, applied: count))
        try database.execute(sql: "INSERT INTO users (email) VALUES ('ada@example.com')")
        try database.close()
    }
}
