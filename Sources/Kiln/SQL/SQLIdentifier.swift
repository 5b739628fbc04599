import Foundation

/// Quotes an identifier for SQL text: `"name"`, with inner double quotes doubled, so any name taken from a
/// schema is always an identifier, never SQL.
package func quoted(_ identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
