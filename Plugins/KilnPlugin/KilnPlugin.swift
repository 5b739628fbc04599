import Foundation
import PackagePlugin

/// Builds the databases of a target whose folder holds `migrations/` and `seeds/` (and optionally `kiln.json`)
/// with the package's own `kiln`, as part of the build: one build command per database, with every migration,
/// seed and configuration file as an input and the database file as an output, so SwiftPM bundles the file
/// as a resource of the target (`Bundle.module`) and runs kiln again only when an input changes. A database
/// with a `queries/<database>.sql` also gets `kiln generate`: its named queries become `<Database>Queries.swift`
/// in the plugin's work folder, compiled into the target, regenerated only when a migration, the queries file
/// or `kiln.json` changes.
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
        let generated = context.pluginWorkDirectoryURL.appending(path: "GeneratedQueries")
        return try databases.flatMap { database in
            let migrationFiles = try Self.files(in: migrations.appending(path: database))
            let settings = FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []
            let inputs = try migrationFiles + Self.files(in: root.appending(path: "seeds").appending(path: database))
            var commands: [Command] = [
                .buildCommand(
                    displayName: "kiln build \(database)",
                    executable: kiln,
                    arguments: ["build", database, "--root", root.path, "--out", output.path, "--absolute-paths"],
                    inputFiles: inputs + settings,
                    outputFiles: [output.appending(path: outputNames[database] ?? "\(database).sqlite")])
            ]
            // queries/<database>.sql: its named queries become <Database>Queries.swift, compiled into the target.
            let queries = root.appending(path: "queries").appending(path: "\(database).sql")
            if FileManager.default.fileExists(atPath: queries.path) {
                commands.append(
                    .buildCommand(
                        displayName: "kiln generate \(database)",
                        executable: kiln,
                        arguments: [
                            "generate", database, "--root", root.path, "--out", generated.path, "--absolute-paths",
                        ],
                        inputFiles: migrationFiles + [queries] + settings,
                        outputFiles: [generated.appending(path: Self.queriesTypeName(database) + ".swift")]))
            }
            return commands
        }
    }

    /// The type `kiln generate` names for `database` (its file is this name with `.swift`): each run of letters
    /// and digits capitalized, `_` joining words, then `Queries` (`santi` → `SantiQueries`).
    static func queriesTypeName(_ database: String) -> String {
        let words = database.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            .flatMap { $0.split(separator: "_") }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Queries"
        return name.first?.isLetter == true ? name : "Database" + name
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
