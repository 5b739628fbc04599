import Kiln

/// A named query with the Swift types SQLite's answers give its result columns and parameters: what the
/// generated function is written from.
package struct TypedQuery: Equatable, Sendable {
    /// The query as the file names it.
    package let query: NamedQuery
    /// The SQL the generated code prepares.
    package let sql: String
    /// The result columns, in order: the row's properties.
    package let columns: [Column]
    /// The parameters, by 1-based index: the function's arguments.
    package let parameters: [Parameter]

    /// A Swift type, optional or not.
    package struct SwiftType: Equatable, Sendable, CustomStringConvertible {
        /// The type's name, e.g. `Int64`, `[UInt8]`, `Status`.
        package let name: String
        /// Whether the value may be nil.
        package let isOptional: Bool

        /// `name`, optional when `isOptional`.
        package init(_ name: String, optional isOptional: Bool) {
            self.name = name
            self.isOptional = isOptional
        }

        /// The type written as a queries file writes it (`Date?`).
        package init(written: String) {
            self.init(written.hasSuffix("?") ? String(written.dropLast()) : written, optional: written.hasSuffix("?"))
        }

        /// The type as Swift writes it: `String?`.
        package var description: String { isOptional ? name + "?" : name }
    }

    /// One result column.
    package struct Column: Equatable, Sendable {
        /// The row's property.
        package let property: String
        /// Its type.
        package let type: SwiftType
        /// What the type comes from, for the doc comment (`country.title, TEXT NOT NULL`).
        package let origin: String
    }

    /// One parameter.
    package struct Parameter: Equatable, Sendable {
        /// Its 1-based index.
        package let index: Int
        /// The argument's label.
        package let label: String
        /// Its type.
        package let type: SwiftType
        /// The parameter as the SQL writes it (`:region`, `?`).
        package let written: String
    }
}
