import Kiln

/// The kiln version a database another tool migrated has reached: the longest run of kiln versions, from 1,
/// whose source versions the tool's tracking table records as applied.
public enum AdoptionPlan {
    /// The kiln version matching what `applied` says, through `mapping` (each kiln version's source version,
    /// in kiln order, as `kiln import` recorded them).
    ///
    /// - Returns: the version to adopt the database at (0 when nothing was applied).
    /// - Throws: ``AdoptionError`` when the table records a version the mapping does not know, or a later
    ///   version applied while an earlier one was not (the database is not at any one kiln version).
    public static func version(
        for applied: AppliedMigrations, mapping: [(kiln: Int32, source: String)], file: String
    ) throws -> Int32 {
        let isApplied: (String) -> Bool
        let listed: [String]
        switch applied {
        case .versions(let versions):
            listed = versions
            let set = Set(versions)
            isApplied = { set.contains($0) }
        case .through(let limit, let later):
            listed = later
            let set = Set(later)
            isApplied = { set.contains($0) || SourceVersionOrder.isAtOrBefore($0, limit) }
        }
        let known = Set(mapping.map(\.source))
        if let unknown = listed.first(where: { !known.contains($0) }) {
            throw AdoptionError(.unknownVersion(unknown), file: file)
        }
        var reached: Int32 = 0
        for (kiln, source) in mapping {
            if isApplied(source) {
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
