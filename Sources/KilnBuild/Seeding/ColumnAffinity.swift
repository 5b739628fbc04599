import Foundation

/// How a column wants its values stored, by the rules of <https://www.sqlite.org/datatype3.html>
/// (section 3.1, "Determination Of Column Affinity"), plus the exact types of STRICT tables.
package enum ColumnAffinity: String, Sendable, Equatable {
    /// Declared type contains `INT`.
    case integer
    /// Declared type contains `CHAR`, `CLOB` or `TEXT`.
    case text
    /// Declared type is `BLOB`.
    case blob
    /// No declared type: values are stored as given (seeds bind text).
    case none
    /// Declared type contains `REAL`, `FLOA` or `DOUB`.
    case real
    /// Anything else, e.g. `NUMERIC`, `DECIMAL`, `BOOLEAN`, `DATE`.
    case numeric
    /// `ANY` in a STRICT table: values are stored as given (seeds bind text).
    case any

    /// A declared type with this affinity, for tables kiln creates itself.
    var storageTypeName: String {
        switch self {
        case .integer: "INTEGER"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .none, .any: ""
        case .real: "REAL"
        case .numeric: "NUMERIC"
        }
    }

    /// The affinity of a declared type, e.g. `VARCHAR(20)` is ``text``.
    package init(declaredType: String, strict: Bool) {
        let type = declaredType.uppercased()
        if strict && type == "ANY" {
            self = .any
        } else if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.isEmpty {
            self = .none
        } else if type.contains("BLOB") {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}
