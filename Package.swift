// swift-tools-version: 6.1
import PackageDescription

/// kiln: versioned SQL migrations and CSV seeds turned into SQLite databases.
///
/// Layers, from the app outwards:
/// - `Kiln`: what an app links (SQLite wrapper, migration sets, migrator).
/// - `KilnBuild`: build-time tooling on top of `Kiln` (project layout, configuration); no product: only the
///   package's own targets use it, through `package` declarations.
/// - `KilnCommandLine`: the commands and their argument parser, as a library the tests can drive.
/// - `kiln`: the executable, a few lines that hand the process arguments to `KilnCommandLine`.
let package = Package(
    name: "kiln",
    // The runtime (`Kiln`) runs on the oldest OS the five apps support (iOS 15, whose SQLite is 3.36.0), and so
    // do `KilnBuild` and `KilnCommandLine`: no target uses an API newer than iOS 15 (no Duration or
    // ContinuousClock; durations come from `Stopwatch`). The tools are supported on macOS 13 or later, and Linux.
    platforms: [.macOS(.v13), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "Kiln", targets: ["Kiln"]),
        .executable(name: "kiln", targets: ["kiln"]),
        .plugin(name: "KilnPlugin", targets: ["KilnPlugin"]),
        .plugin(name: "KilnCommandPlugin", targets: ["KilnCommandPlugin"]),
        .plugin(name: "KilnWriteCommandPlugin", targets: ["KilnWriteCommandPlugin"]),
    ],
    targets: [
        // Linux: the system's libsqlite3 (Apple platforms import their own `SQLite3` module instead).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Linux: OpenSSL's libcrypto for SHA-256 (Apple platforms use CryptoKit).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // The one C shim: wrappers for variadic and version-dependent SQLite APIs, built on every platform.
        .target(
            name: "KilnSQLiteShim",
            dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))],
            linkerSettings: [.linkedLibrary("sqlite3", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS]))]
        ),
        .target(
            name: "Kiln",
            dependencies: [
                "KilnSQLiteShim",
                .target(name: "CSQLite", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(
            name: "KilnBuild",
            dependencies: ["Kiln", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "KilnCommandLine", dependencies: ["Kiln", "KilnBuild"]),
        .executableTarget(name: "kiln", dependencies: ["KilnCommandLine"]),
        // Build-time integration: databases as a product of `swift build`, and kiln as `swift package kiln`.
        .plugin(name: "KilnPlugin", capability: .buildTool(), dependencies: ["kiln"]),
        .plugin(
            name: "KilnCommandPlugin",
            capability: .command(intent: .custom(verb: "kiln", description: "Run a kiln command that only reads (check, status, schema)")),
            dependencies: ["kiln"]),
        .plugin(
            name: "KilnWriteCommandPlugin",
            capability: .command(
                intent: .custom(verb: "kiln-write", description: "Run any kiln command, including those that write (build, new, hash)"),
                permissions: [.writeToPackageDirectory(reason: "kiln writes migrations, kiln.sum or built databases into the package")]),
            dependencies: ["kiln"]),
        // Helpers shared by the test targets: temporary folders, fixture projects, running the built binary.
        .target(name: "KilnTestSupport", dependencies: ["Kiln"], path: "Tests/KilnTestSupport"),
        .testTarget(name: "KilnTests", dependencies: ["Kiln", "KilnTestSupport"]),
        .testTarget(name: "KilnBuildTests", dependencies: ["KilnBuild", "KilnCommandLine", "KilnTestSupport"]),
        // The commands driven in-process through `KilnTool.run`, each in a temporary project: fast, and in parallel.
        .testTarget(
            name: "KilnCommandLineTests", dependencies: ["KilnCommandLine", "Kiln", "KilnBuild", "KilnTestSupport"]),
        // An app launch in miniature, run as many processes at once by the installer's race and crash tests.
        .executableTarget(name: "InstallRaceProbe", dependencies: ["Kiln"], path: "Tests/InstallRaceProbe"),
        .testTarget(name: "KilnEndToEndTests", dependencies: ["Kiln", "KilnBuild", "kiln", "InstallRaceProbe", "KilnTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
