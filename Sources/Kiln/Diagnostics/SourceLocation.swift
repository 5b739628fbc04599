/// A place in a user's file: a path as the user would type it, a 1-based line and a 1-based column counted
/// in UTF-8 bytes, as clang counts them.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path, relative to the project root where it has one.
    public let path: String
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, in UTF-8 bytes from the start of the line.
    public let column: Int

    /// Creates a location from its parts.
    package init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }
}
