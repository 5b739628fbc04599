/// The open planner bugs (each reduced in `PlanPropertyFindingsTests`), recognised in the property's failures
/// so that they show as known issues while every other failure still fails the property. A pair counts as a
/// known bug only when that bug explains every one of its failures. Remove an entry once the planner is fixed;
/// none is open now.
enum PropertyKnownBugs {
    /// The bug that explains all of `failures` of `pair`, or nil.
    static func explain(_ failures: [String], pair: PropertyPair) -> String? {
        nil
    }
}
