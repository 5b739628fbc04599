import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory kiln-write <command> [arguments]`: runs any kiln
/// command, including those that write to the package (`build`, `new`, `hash`, …). It declares the
/// permission, so SwiftPM asks before it runs; read-only commands need no permission through `kiln`.
@main
struct KilnWriteCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
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
