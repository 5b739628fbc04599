import Foundation
import Kiln

/// What `kiln.json` lets a database's migrations use in place of the app's own collations and functions, so
/// `build`, `check` and `migrate` can run where the app's code is not: each name maps to something SQLite
/// already has or a trivial deterministic body. The device must register the real ones
/// (``Migrator/prepareConnection``); `kiln check` says so for every migration that uses one.
///
/// ```json
/// { "databases": { "app": {
///     "collations": { "unicase": "NOCASE" },
///     "functions": { "slugify": { "arguments": 1, "returns": "first-argument" } } } } }
/// ```
package struct StandIns: Sendable, Equatable {
    /// A built-in collation a stand-in compares like (<https://www.sqlite.org/datatype3.html#collation>).
    package enum Collation: String, Sendable, Equatable, CaseIterable {
        /// Byte by byte.
        case binary = "BINARY"
        /// ASCII letters folded to lower case, then byte by byte.
        case nocase = "NOCASE"
        /// Trailing spaces ignored, then byte by byte.
        case rtrim = "RTRIM"
    }

    /// What a stand-in function returns.
    package enum FunctionResult: String, Sendable, Equatable, CaseIterable {
        /// Its first argument, unchanged.
        case firstArgument = "first-argument"
        /// `NULL`.
        case null
    }

    /// One stand-in function: deterministic, with a fixed number of arguments.
    package struct Function: Sendable, Equatable {
        /// How many arguments it takes, 0 to 127 (`first-argument` needs at least one).
        package let arguments: Int
        /// What it returns.
        package let returns: FunctionResult

        /// A stand-in function.
        package init(arguments: Int, returns: FunctionResult) {
            self.arguments = arguments
            self.returns = returns
        }
    }

    /// Stand-in collations by name as migrations write it.
    package var collations: [String: Collation] = [:]
    /// Stand-in functions by name.
    package var functions: [String: Function] = [:]

    /// None.
    package init() {}

    /// Whether nothing is declared.
    package var isEmpty: Bool { collations.isEmpty && functions.isEmpty }

    /// Registers every stand-in on `connection`.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses a registration.
    package func install(on connection: SQLiteConnection) throws {
        for (name, collation) in collations.sorted(by: { $0.key < $1.key }) {
            try connection.createCollation(named: name, collation.compare)
        }
        for (name, function) in functions.sorted(by: { $0.key < $1.key }) {
            let returns = function.returns
            try connection.createFunction(named: name, argumentCount: function.arguments, deterministic: true) {
                returns == .firstArgument ? ($0.first ?? .null) : .null
            }
        }
    }
}

extension StandIns.Collation {
    /// Orders two strings as the built-in collation of the same name does, comparing UTF-8 bytes.
    ///
    /// - Returns: their order.
    package func compare(_ left: String, _ right: String) -> ComparisonResult {
        let (a, b) = (key(left), key(right))
        return a.lexicographicallyPrecedes(b) ? .orderedAscending : a == b ? .orderedSame : .orderedDescending
    }

    private func key(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        switch self {
        case .binary: return bytes
        case .nocase: return bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        case .rtrim: return Array(bytes[..<(bytes.lastIndex(where: { $0 != 0x20 }).map { $0 + 1 } ?? 0)])
        }
    }
}
