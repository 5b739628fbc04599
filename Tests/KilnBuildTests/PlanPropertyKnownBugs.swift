import KilnBuild

/// The open planner bugs (each reduced in `PlanPropertyFindingsTests`), recognised in the property's failures
/// so that they show as known issues while every other failure still fails the property. A pair counts as a
/// known bug only when that bug explains every one of its failures. Remove an entry once the planner is fixed.
enum PropertyKnownBugs {
    /// The bug that explains all of `failures` of `pair` and its `plan`, or nil.
    static func explain(_ failures: [String], pair: PropertyPair, plan: SchemaPlan?) -> String? {
        // No planner bug is open now: every failure fails the property. An entry matches the failures a bug
        // explains (see the git history of this file for the form).
        nil
    }
}
