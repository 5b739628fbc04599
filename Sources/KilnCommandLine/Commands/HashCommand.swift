import Foundation
import Kiln
import KilnBuild

/// `kiln hash [<database>...]`: records the migrations in `kiln.sum`.
enum HashCommand: KilnCommand {
    static let spec = CommandSpec(
        name: "hash",
        abstract: "Records each migration's hash in migrations/<database>/kiln.sum, which kiln check compares.",
        discussion: """
            Run it after adding a migration and commit kiln.sum with it. Comments, white space and letter case outside
            strings do not change a hash; any other edit does. Re-hash an edited migration only if it was never
            released.
            """,
        arguments: [databases.declaration],
        group: .buildAndShip)

    /// `[<database> ...]`.
    static let databases = Argument.databases(help: "The databases to hash (default: all).")

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let project = try context.project()
        let names = try project.databases(named: arguments[Self.databases])
        let checker = ProjectChecker(project: project)
        for name in names {
            let written = try checker.writeSum(for: name) { context.report($0.diagnostic) }
            context.standardOutput(
                "\(context.shown(written.path)): \(written.migrations) migration\(written.migrations == 1 ? "" : "s")\n"
            )
        }
        return KilnTool.success
    }
}
