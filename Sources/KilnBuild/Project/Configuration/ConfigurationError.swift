import Kiln

/// `kiln.json` cannot be used: every problem found, each with what is wrong and where.
///
/// ```swift
/// catch let error as ConfigurationError {
///     if case .unknownKey(let path, _) = error.problems.first?.reason { … }
/// }
/// ```
package struct ConfigurationError: DiagnosticError, Equatable {
    /// Which other output a colliding output name belongs to.
    package enum OutputOwner: Sendable, Equatable {
        /// `kiln-manifest.json`.
        case manifest
        /// Another database's output.
        case database(String)
    }

    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// The file exists but cannot be read.
        case unreadable(FileSystemError)
        /// The text is not JSON: what the reader found at the offending byte.
        case invalidJSON(JSONSyntaxError.Reason)
        /// A comma after an object's last member or an array's last element.
        case trailingComma
        /// A key that appears twice in one object, named by its path; `first` is where it first appears.
        case duplicateKey(path: String, first: SourceLocation)
        /// A value that must be an object (the document, `databases`, a database, `delimiters`).
        case notAnObject(path: String)
        /// A key kiln does not know, named by its path, with the keys allowed beside it.
        case unknownKey(path: String, allowed: [String])
        /// `minimumSQLite` is not a version such as `"3.36.0"`.
        case invalidMinimumSQLite
        /// `applicationId` is not an integer that fits 32 bits.
        case invalidApplicationID(path: String)
        /// `output` is not a plain file name.
        case invalidOutput(path: String)
        /// A `development` value that is not a relative file path.
        case invalidDevelopment(path: String)
        /// `pageSize` is not a power of two from 512 to 65536.
        case invalidPageSize(path: String)
        /// `analyze` is not a boolean.
        case invalidAnalyze(path: String)
        /// `releases` is not an ascending list of positive versions.
        case invalidReleases(path: String)
        /// A delimiter is not one of `,` `;` tab `|`.
        case invalidDelimiter(path: String)
        /// A `textInNumericColumns` table value that is not a non-empty array of column names.
        case invalidTextColumns(path: String)
        /// Two databases, or a database and the build manifest, would write the same file.
        case outputCollision(database: String, file: String, owner: OutputOwner)
        /// `doubleQuotedStrings` is not a boolean.
        case invalidDoubleQuotedStrings(path: String)

        // MARK: no-ops
        /// A database entry names no `migrations/<name>/` folder; `known` are the databases there are.
        case unknownDatabase(name: String, known: [String])
        /// A delimiter names a table without a seed file in `seeds/<database>/`; `known` are the seeded tables.
        case unknownSeedTable(database: String, table: String, known: [String], setting: String = "delimiters")

        // MARK: stand-ins
        /// A collation stand-in is not one of `BINARY`, `NOCASE`, `RTRIM`.
        case invalidCollationStandIn(path: String)
        /// A function stand-in's `arguments` is missing or not an integer from 0 to 127 (at least 1 when it
        /// returns its first argument).
        case invalidFunctionArguments(path: String)
        /// A function stand-in's `returns` is not `"first-argument"` or `"null"` (it defaults to the first).
        case invalidFunctionReturns(path: String)

        // MARK: schema file
        /// `schemaFile` or `schemaDiagram` is not a boolean.
        case invalidSchemaSetting(path: String)
    }

    /// One problem and where it is.
    package struct Problem: Sendable, Equatable {
        /// What is wrong.
        package let reason: Reason
        /// Where: the offending key or value in `kiln.json`.
        package let location: SourceLocation

        /// A problem at a location.
        package init(_ reason: Reason, at location: SourceLocation) {
            self.reason = reason
            self.location = location
        }
    }

    /// Every problem found, in document order.
    package let problems: [Problem]

    /// An error with its problems.
    package init(_ problems: [Problem]) { self.problems = problems }

    /// One problem.
    package init(_ reason: Reason, at location: SourceLocation) { problems = [Problem(reason, at: location)] }

    /// Each problem as a diagnostic.
    package var diagnostics: [Diagnostic] {
        problems.map {
            Diagnostic(.error, $0.reason.message, at: $0.location, hint: $0.reason.hint, code: $0.reason.code)
        }
    }
}
