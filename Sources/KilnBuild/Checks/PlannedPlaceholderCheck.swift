import Foundation
import Kiln

/// Finds the `kiln_placeholder('…')` calls `kiln plan` wrote into migrations for values it will not guess, and
/// the placeholder statements `kiln import` wrote for code migrations: the function exists nowhere, so each is
/// an error until the developer replaces it. Only calls count
/// (``PlanPlaceholder/calls(in:)``).
enum PlannedPlaceholderCheck {
    /// A finding per placeholder call in every migration of `set`, at the call's name.
    ///
    /// - Returns: errors, in migration and file order.
    static func findings(_ set: MigrationSet) -> [CheckFinding] {
        set.migrations.untilInterrupted.flatMap { migration in
            PlanPlaceholder.calls(in: migration.source).map {
                $0.isStatement
                    ? CheckFinding(.worded(PlaceholderStatement(description: $0.description)), at: $0.location)
                    : CheckFinding(.plannedPlaceholder(description: $0.description), at: $0.location)
            }
        }
    }
}
