import Kiln

extension SchemaModel.Affinity {
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
}
