/// Why a file under `fixtures/<database>/` does not name a version of its database. A fixture is named
/// `<version>.sql`, the version written as in its migration's file name (`0006.sql`) or plain (`6.sql`).
package enum FixtureNameProblem: Error, Sendable, Equatable {
    /// The name is not a version followed by `.sql`; `suggestion` is the name it probably meant.
    case notAVersion(suggestion: String?)
    /// The name is a number that is no version of the database, whose versions are 1 to `latest`.
    case unknownVersion(Int32, latest: Int32)
    /// The number is a version, written with other leading zeros than its migration's file name
    /// (`suggestion`).
    case padding(version: Int32, suggestion: String)
    /// Another fixture, `other`, already names the same version.
    case duplicate(version: Int32, other: String)
}
