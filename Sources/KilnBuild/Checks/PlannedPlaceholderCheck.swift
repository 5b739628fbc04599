import Foundation
import Kiln

/// Finds the `kiln_placeholder('…')` calls `kiln plan` wrote into migrations for values it will not guess:
/// the function exists nowhere, so each is an error until the developer replaces it. Only calls count, by
/// tokens: the name in a comment or a string is not one.
enum PlannedPlaceholderCheck {
    /// A finding per placeholder call in every migration of `set`, at the call's name.
    ///
    /// - Returns: errors, in migration and file order.
    static func findings(_ set: MigrationSet) -> [CheckFinding] {
        set.migrations.untilInterrupted.flatMap { migration in
            calls(in: migration.source).map {
                CheckFinding(.plannedPlaceholder(description: $0.description), at: $0.location)
            }
        }
    }

    /// Each call of ``PlanPlaceholder/functionName`` in `source`: its string argument's text (or the call's
    /// text when its argument is not one string) and where its name starts.
    static func calls(in source: SourceText) -> [(description: String, location: SourceLocation)] {
        var lexer = SQLLexer(bytes: source.bytes)
        let tokens = lexer.tokens()
        var found: [(String, SourceLocation)] = []
        for (index, token) in tokens.enumerated()
        where token.kind == .word && lexer.identifier(of: token)?.lowercased() == PlanPlaceholder.functionName {
            guard index + 1 < tokens.count, lexer.text(of: tokens[index + 1]) == "(" else { continue }
            var description = PlanPlaceholder.functionName + "(...)"
            if index + 3 < tokens.count, let literal = lexer.literalValue(of: tokens[index + 2]),
                lexer.text(of: tokens[index + 3]) == ")"
            {
                description = literal
            }
            found.append((description, source.location(ofByte: token.range.lowerBound)))
        }
        return found
    }
}
