// swift-tools-version: 6.1
import PackageDescription

/// Onomastici, the Italian name-day app of the tutorial, in Swift: the kiln plugin builds `santi.sql` from
/// `migrations/` and `seeds/` during `swift build` and bundles it; at start the app installs it with the kiln
/// installer and answers "whose name day is it on DAY/MONTH" with the tutorial's own query.
let package = Package(
    name: "Onomastici",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [.package(name: "kiln", path: "../..")],
    targets: [
        .target(
            name: "OnomasticiCore",
            dependencies: [.product(name: "Kiln", package: "kiln")],
            exclude: ["seeds", "kiln.json", "queries"],
            resources: [.copy("migrations")],
            plugins: [.plugin(name: "KilnPlugin", package: "kiln")]
        ),
        .executableTarget(name: "onomastici", dependencies: ["OnomasticiCore"]),
        .testTarget(name: "OnomasticiTests", dependencies: ["OnomasticiCore", .product(name: "Kiln", package: "kiln")]),
    ],
    swiftLanguageModes: [.v6]
)
