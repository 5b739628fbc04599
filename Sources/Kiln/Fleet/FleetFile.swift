/// One file of a fleet: the path to open, and its name relative to the fleet's root, which is what a
/// ``FleetShard`` hashes (so machines that mount the fleet at different places agree on the slices).
public struct FleetFile: Sendable, Equatable, CustomStringConvertible {
    /// The path to open, as the pattern spelled its root (`tenants/acme.db`, `/srv/data/acme.db`).
    public let path: String
    /// The path below the fleet's root, `/`-separated, without `./` (`acme.db`, `eu/acme.db`).
    public let relativePath: String
    /// Set when the walk could not read this entry (a subfolder without read permission): the migrator
    /// reports the file as refused with this error instead of opening it.
    public let problem: FileSystemError?

    /// A file of a fleet.
    public init(path: String, relativePath: String, problem: FileSystemError? = nil) {
        self.path = path
        self.relativePath = relativePath
        self.problem = problem
    }

    /// A file given by path alone: its relative path is the path itself.
    public init(path: String) { self.init(path: path, relativePath: path) }

    /// The file's path.
    public var description: String { path }
}
