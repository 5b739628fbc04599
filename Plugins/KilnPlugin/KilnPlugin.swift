import Foundation
import PackagePlugin

/// Builds the databases of a target whose folder holds `migrations/` and `seeds/` (and optionally `kiln.json`)
/// with the package's own `kiln`, as part of the build: one build command per database, with every migration,
/// seed and configuration file as an input and the database file as an output, so SwiftPM bundles the file
/// as a resource of the target (`Bundle.module`) and runs kiln again only when an input changes.
@main
struct KilnPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let root = target.directoryURL
        let migrations = root.appending(path: "migrations")
        let databases = try Self.folders(in: migrations)
        guard !databases.isEmpty else {
            Diagnostics.warning("KilnPlugin: \(target.name) has no migrations/<database>/ folder; nothing to build")
            return []
        }
        let configuration = root.appending(path: "kiln.json")
        let outputNames = try Self.outputNames(configuration)
        let output = context.pluginWorkDirectoryURL.appending(path: "Databases")
        let kiln = try context.tool(named: "kiln").url
        return try databases.map { database in
            var inputs =
                try Self.files(in: migrations.appending(path: database))
                + Self.files(in: root.appending(path: "seeds").appending(path: database))
            if FileManager.default.fileExists(atPath: configuration.path) { inputs.append(configuration) }
            return .buildCommand(
                displayName: "kiln build \(database)",
                executable: kiln,
                arguments: ["build", database, "--root", root.path, "--out", output.path, "--absolute-paths"],
                inputFiles: inputs,
                outputFiles: [output.appending(path: outputNames[database] ?? "\(database).sqlite")])
        }
    }

    /// The sub-folders of `url`, sorted; none when it does not exist.
    static func folders(in url: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: url.appending(path: name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// The files directly in `url`, sorted; none when it does not exist.
    static func files(in url: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted().map
        { url.appending(path: $0) }
    }

    /// `output` of each database in `kiln.json`; kiln itself reports anything else wrong with the file.
    static func outputNames(_ configuration: URL) throws -> [String: String] {
        guard let data = FileManager.default.contents(atPath: configuration.path),
            let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let databases = document["databases"] as? [String: Any]
        else { return [:] }
        var names: [String: String] = [:]
        for (database, settings) in databases {
            if let output = (settings as? [String: Any])?["output"] as? String { names[database] = output }
        }
        return names
    }
}
