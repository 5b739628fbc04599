import Foundation
import Kiln

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

    /// The affinity of a declared type, e.g. `VARCHAR(20)` is ``text``, by SQLite's rules: the type's bytes
    /// are searched for `int`, `char` and so on with ASCII case ignored (`ınt`, with a dotless i, is not `INT`).
    package init(declaredType: String, strict: Bool) {
        let type = Array(declaredType.identifierKey.description.utf8)
        func has(_ word: String) -> Bool {
            let wanted = Array(word.utf8)
            guard type.count >= wanted.count else { return false }
            return (0...(type.count - wanted.count)).contains { type[$0..<($0 + wanted.count)].elementsEqual(wanted) }
        }
        if strict && type.elementsEqual("any".utf8) {
            self = .any
        } else if has("int") {
            self = .integer
        } else if has("char") || has("clob") || has("text") {
            self = .text
        } else if type.isEmpty {
            self = .none
        } else if has("blob") {
            self = .blob
        } else if has("real") || has("floa") || has("doub") {
            self = .real
        } else {
            self = .numeric
        }
    }
}
