/// Why a fleet pattern cannot be used.
public struct FleetSelectionError: DiagnosticError, Sendable, Equatable, CustomStringConvertible {
    /// Why, as a value a caller can match.
    public enum Reason: Sendable, Equatable {
        /// The pattern is empty.
        case empty
        /// `**` is part of a component (`a**b`) instead of a whole one.
        case misplacedDoubleStar
        /// The pattern has no wildcard and names nothing.
        case noSuchFile
        /// The root folder of a glob does not exist, or is not a folder.
        case rootNotAFolder
        /// The root folder could not be read.
        case unreadableRoot(FileSystemError)
    }

    /// Why.
    public let reason: Reason
    /// The pattern.
    public let pattern: String

    /// An error from its facts.
    package init(_ reason: Reason, pattern: String) {
        self.reason = reason
        self.pattern = pattern
    }

    /// What is wrong, in one lowercase line that quotes the pattern.
    public var message: String {
        switch reason {
        case .empty: "the pattern naming the database files is empty"
        case .misplacedDoubleStar: "'**' is only a whole path component, in '\(pattern)'"
        case .noSuchFile: "no file or folder at '\(pattern)'"
        case .rootNotAFolder: "the folder part of '\(pattern)' does not exist or is not a folder"
        case .unreadableRoot(let error): "cannot read the folder of '\(pattern)': \(error.systemMessage)"
        }
    }

    /// How to write the pattern instead, when there is something to say.
    public var hint: String? {
        switch reason {
        case .empty: "name a folder ('tenants/'), a glob ('tenants/*.db') or one file"
        case .misplacedDoubleStar: "'**' stands for any number of folders ('data/**/*.db'); '*' for part of a name"
        case .noSuchFile, .rootNotAFolder, .unreadableRoot: nil
        }
    }

    /// One error, with the hint as a note.
    public var diagnostics: [Diagnostic] { [Diagnostic(.error, message, hint: hint)] }

    /// The message.
    public var description: String { message }
}
