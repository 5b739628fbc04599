import Foundation
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// One command, where kiln is paused for the signal, and the line it must end with.
struct SignalCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    /// What the interrupt line says was left, after `kiln: error: interrupted (SIGINT): `.
    let outcome: String
    /// Files that must not exist afterwards (relative to the project).
    var absent: [String] = []
    /// The call kiln is paused at, and a part of its path: by default, reading the second migration.
    var pause = ("read", "migrations/shop/0002_add_price.sql")
    var testDescription: String { arguments.joined(separator: " ") }
}

/// Ctrl-C and SIGTERM reach every command, at a moment the test observes: the fault shim pauses kiln at a
/// system call (reading a migration, writing the imported folder, copying the bundled file) until kiln's signal
/// thread has taken the signal, then lets it go on. Each command must then stop at its next step with exit
/// 130 (143), one line saying what it left, and nothing half-written, instead of finishing its work.
@Suite("every command stops on a signal (the built kiln)", .serialized)
struct SignalEveryCommandTests {
    /// The shop project: two migrations, a seed, `shop.sqlite` at version 1, `dev.sqlite`, a built bundle.
    static func project() throws -> ShopProject {
        let project = try ShopProject()
        try project.folder.write("seeds/shop/item.csv", "id,name,price\n10,plum,2\n")
        #expect(try project.kiln("migrate", "shop", "--db", "shop.sqlite", "--to", "1").status == 0)
        #expect(try project.kiln("migrate", "shop", "--db", "dev.sqlite").status == 0)
        return project
    }

    static let loadingCases: [SignalCase] = [
        SignalCase(arguments: ["status"], outcome: "nothing was changed; its temporary files were removed"),
        SignalCase(arguments: ["schema", "shop"], outcome: "nothing was changed; its temporary files were removed"),
        SignalCase(arguments: ["check"], outcome: "nothing was changed; its temporary files were removed"),
        SignalCase(
            arguments: ["hash", "shop"], outcome: "each kiln.sum is either as it was or fully rewritten",
            absent: ["migrations/shop/kiln.sum"]),
        SignalCase(
            arguments: ["new", "shop", "later"], outcome: "no migration file was created",
            absent: ["migrations/shop/0003_later.sql"], pause: ("write", ".0003_later.sql.kiln-tmp-write-")),
        SignalCase(
            arguments: ["build"],
            outcome: "databases in progress were discarded and keep their previous files in build; any reported "
                + "built above are published, and build/kiln-manifest.json describes what is there",
            absent: ["build/shop.sqlite"]),
        SignalCase(
            arguments: ["migrate", "shop", "--db", "shop.sqlite"],
            outcome: "shop.sqlite stays at version 1; the migration in progress was rolled back"),
        SignalCase(
            arguments: ["migrate", "shop", "--each", "*.sqlite"],
            outcome: "each file is at its old version or further along (the migration in progress in each was "
                + "rolled back); run the same command again to finish the rest"),
        SignalCase(
            arguments: ["seed", "shop", "--db", "dev.sqlite"], outcome: "dev.sqlite is as it was; the load was rolled back"),
        SignalCase(
            arguments: ["reset", "shop", "--db", "dev.sqlite"],
            outcome: "dev.sqlite is as it was; the new build was discarded", absent: ["dev.sqlite.previous"]),
    ]

    @Test(
        "SIGINT while a command reads its migrations: exit 130 and the line saying what it left, nothing written",
        .enabled(if: FaultShim.library != nil), arguments: loadingCases)
    func whileLoadingMigrations(_ signalCase: SignalCase) throws {
        let project = try Self.project()
        let ready = project.folder.path("paused")
        let environment = FaultShim.pause(signalCase.pause.0, path: signalCase.pause.1, ready: ready)
        let (raw, sent) = try KilnBinary.run(
            signalCase.arguments, in: project.folder.url, environment: environment, signal: SIGINT,
            when: { FileManager.default.fileExists(atPath: ready) })
        #expect(sent, "kiln never reached the pause")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix("kiln: error: interrupted (SIGINT): \(signalCase.outcome)\n"),
            "\(result.standardError)")
        for path in signalCase.absent { #expect(!project.folder.exists(path), "\(path) was written") }
        #expect(try project.kiln("status", "shop", "--db", "shop.sqlite").standardOutput.contains("at version 1 of 2"))
    }

    @Test(
        "SIGINT while kiln import writes its folder: exit 130, no migrations/notes, no staging folder left",
        .enabled(if: FaultShim.library != nil))
    func importWhileWriting() throws {
        let folder = try Self.importProject()
        let ready = folder.path("paused")
        let environment = FaultShim.pause("write", at: 2, path: ".notes.kiln-import-", ready: ready)
        try Self.expectImportStops(in: folder, environment: environment, signal: SIGINT, ready: ready)
    }

    @Test(
        "SIGTERM while kiln import reads the source folder: exit 143, nothing imported",
        .enabled(if: FaultShim.library != nil))
    func importWhileReading() throws {
        let folder = try Self.importProject()
        let ready = folder.path("paused")
        let environment = FaultShim.pause("read", path: "src/20240105093000_create_notes.sql", ready: ready)
        try Self.expectImportStops(in: folder, environment: environment, signal: SIGTERM, ready: ready)
    }

    /// An empty project with a goose folder at `src`.
    static func importProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory.emptyProject()
        try FileManager.default.copyItem(atPath: ImportEndToEndTests.fixture("goose"), toPath: folder.path("src"))
        return folder
    }

    private static func expectImportStops(
        in folder: TemporaryDirectory, environment: [String: String], signal: Int32, ready: String
    ) throws {
        let (raw, sent) = try KilnBinary.run(
            ["import", "notes", "src", "--from", "goose"], in: folder.url, environment: environment, signal: signal,
            when: { FileManager.default.fileExists(atPath: ready) })
        #expect(sent, "kiln never reached the pause")
        let result = FaultShim.kilnOutput(of: raw)
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(result.status == 128 + signal, "\(result.standardError)")
        #expect(
            result.standardError
                == "kiln: error: interrupted (\(name)): nothing was imported; migrations/notes is as it was\n")
        #expect(result.standardOutput.isEmpty, "the review says what was written: nothing was")
        #expect(!folder.exists("migrations/notes"))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("migrations"))) ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test(
        "SIGINT while kiln install copies the bundled file: exit 130, no copy and no temporary file",
        .enabled(if: FaultShim.library != nil))
    func installWhileCopying() throws {
        let project = try Self.project()
        let ready = project.folder.path("paused")
        let environment = FaultShim.pause("copy_file_range", path: ".app.sqlite.kiln-install-", ready: ready)
        let (raw, sent) = try KilnBinary.run(
            ["install", "--bundled", "dev.sqlite", "--to", "app.sqlite"], in: project.folder.url,
            environment: environment, signal: SIGINT, when: { FileManager.default.fileExists(atPath: ready) })
        #expect(sent, "kiln never reached the pause")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "kiln: error: interrupted (SIGINT): app.sqlite is as it was; the copy in progress was discarded\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: project.folder.path("."))
        #expect(!names.contains { $0.hasPrefix("app.sqlite") || $0.contains("kiln-install-") }, "\(names)")
    }

    @Test(
        "SIGINT during the second of five tiny migrations (too short for SQLite's progress handler): exit 130, the rest not run",
        .enabled(if: FaultShim.library != nil))
    func tinyMigrations() throws {
        let migrations = (1...5).map { ("000\($0)_t\($0).sql", "CREATE TABLE t\($0) (x);\n") }
        let project = try ShopProject(migrations)
        #expect(try project.kiln("migrate", "shop", "--db", "tiny.sqlite", "--to", "1").status == 0)
        let ready = project.folder.path("paused")
        let environment = FaultShim.pause("write", path: "tiny.sqlite-journal", ready: ready)
        let (raw, sent) = try KilnBinary.run(
            ["migrate", "shop", "--db", "tiny.sqlite"], in: project.folder.url, environment: environment,
            signal: SIGINT, when: { FileManager.default.fileExists(atPath: ready) })
        #expect(sent, "kiln never reached the pause")
        let result = FaultShim.kilnOutput(of: raw)
        #expect(result.status == 130, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "kiln: error: interrupted (SIGINT): tiny.sqlite stays at version 1; the migration in progress was "
                    + "rolled back\n"), "\(result.standardError)")
    }
}
