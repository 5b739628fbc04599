import Kiln

/// The kiln version a database another tool migrated has reached: the longest run of kiln versions, from 1,
/// whose source versions the tool's tracking table records as applied.
package enum AdoptionPlan {
    /// The kiln version matching what `applied` says, through `mapping` (each kiln version's source version,
    /// in kiln order, as `kiln import` recorded them).
    ///
    /// - Returns: the version to adopt the database at (0 when nothing was applied).
    /// - Throws: ``AdoptionError`` when the table records a version the mapping does not know (golang-migrate's
    ///   one version and a Flyway baseline included), or a later
    ///   version applied while an earlier one was not (the database is not at any one kiln version).
    package static func version(
        for applied: AppliedMigrations, mapping: [(kiln: Int32, source: String)], file: String
    ) throws -> Int32 {
        // A version is placed by its position in the mapping (which is in the tool's order), never by
        // comparing version strings: each must be one the mapping knows.
        let kilnVersion = Dictionary(mapping.map { ($0.source, $0.kiln) }, uniquingKeysWith: { first, _ in first })
        let listed: [String]
        var limit: Int32 = 0
        switch applied {
        case .versions(let versions): listed = versions
        case .through(let through, let later): listed = [through] + later
        }
        if let unknown = listed.first(where: { kilnVersion[$0] == nil }) {
            throw AdoptionError(.unknownVersion(unknown), file: file)
        }
        if case .through(let through, _) = applied { limit = kilnVersion[through] ?? 0 }
        let appliedVersions = Set(listed.compactMap { kilnVersion[$0] })
        let isApplied = { (kiln: Int32) in kiln <= limit || appliedVersions.contains(kiln) }
        var reached: Int32 = 0
        for (kiln, source) in mapping {
            if isApplied(kiln) {
                guard reached == kiln - 1 else {
                    let missing = mapping.first { $0.kiln == reached + 1 }?.source ?? "?"
                    throw AdoptionError(.outOfOrder(applied: source, missing: missing), file: file)
                }
                reached = kiln
            }
        }
        return reached
    }
}
