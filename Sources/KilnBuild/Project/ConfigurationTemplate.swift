/// The commented `kiln.json` `kiln init` writes: every setting with a line on what it does, the ones that take
/// part set to their defaults and the others commented out, so the file changes nothing until edited.
package enum ConfigurationTemplate {
    /// The file for a project whose first database is `database`.
    package static func text(database: String) -> String {
        """
        // kiln.json: this project's settings, all optional. It is JSON with comments (// and /* */).
        // docs/kiln-json.md in kiln's repository describes each setting.
        {
          // The SQLite of the oldest OS your app supports; kiln check refuses SQL it cannot run.
          // "minimumSQLite": "3.36.0",

          // Make kiln check require schema/<database>.sql (kiln schema <database> --write) for every database.
          "schemaFile": false,

          // Settings per database, by name (a folder migrations/<database>/).
          "databases": {
            "\(database)": {
              // Your own database file, which kiln migrate, status, seed and reset use when no --db is given.
              "development": "dev/\(database).sqlite",
              // The built file's name in the output folder (default: \(database).sqlite).
              // "output": "\(database).sqlite",
              // PRAGMA application_id stamped on every file kiln creates for it; a file with another is refused.
              // "applicationId": 0,
              // The built file's page size: a power of two from 512 to 65536.
              "pageSize": 4096,
              // Whether the build runs ANALYZE, so the file ships query-planner statistics.
              "analyze": false,
              // A seed file's field separator other than ",": ";", "\\t" or "|", by table.
              // "delimiters": { "<table>": ";" },
              // Numeric columns whose seed values may stay text (others refuse a value that is not a number).
              // "textInNumericColumns": { "<table>": ["<column>"] },
              // Whether its SQL may use "text" as a string literal, as legacy SQLite did.
              "doubleQuotedStrings": false
              // Stand-ins for the app's own collations and functions, so kiln can run migrations using them:
              // "collations": { "unicase": "NOCASE" },
              // "functions": { "slugify": { "arguments": 1, "returns": "first-argument" } }
            }
          }
        }

        """
    }
}
