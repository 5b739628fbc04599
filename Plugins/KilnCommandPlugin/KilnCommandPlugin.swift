import Foundation
import PackagePlugin

/// `swift package kiln <command> [arguments]`: runs a kiln command on the package (its root holds
/// `migrations/`, `seeds/` and `kiln.json`) without asking for any permission. Commands that only read run
/// here; commands that write to the package (build, new, hash, migrate, seed, reset, install, schema --write)
/// are refused with the `kiln-write` invocation that asks for write permission.
@main
struct KilnCommandPlugin: CommandPlugin {
    static let writing: Set<String> = ["build", "new", "hash", "migrate", "seed", "reset", "install", "plan"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if let command = arguments.first,
            Self.writing.contains(command) || (command == "schema" && arguments.contains("--write"))
        {
            Diagnostics.error(
                "'kiln \(command)' writes to the package; run it as: swift package --allow-writing-to-package-directory kiln-write \(arguments.joined(separator: " "))"
            )
            return
        }
        try KilnRunner.run(context: context, arguments: arguments)
    }
}

/// Runs the package's `kiln` in the package folder and reports a failure to SwiftPM.
enum KilnRunner {
    static func run(context: PluginContext, arguments: [String]) throws {
        let process = Process()
        process.executableURL = try context.tool(named: "kiln").url
        process.arguments =
            arguments
            + (arguments.isEmpty || arguments.contains("--root") ? [] : ["--root", context.package.directoryURL.path])
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("kiln \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }
}
