import Foundation
import Kiln
import KilnTestSupport

/// A project folder on disk with a `shop` database, for driving the built `kiln` binary.
struct ShopProject {
    let folder: TemporaryDirectory

    init(_ migrations: [(String, String)] = ShopProject.migrations) throws {
        folder = try TemporaryDirectory()
        for (name, sql) in migrations { try folder.write("migrations/shop/\(name)", sql) }
    }

    static let migrations: [(String, String)] = [
        ("0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"),
        ("0002_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL;\nINSERT INTO item (name) VALUES ('apple');\n"),
    ]

    /// Runs kiln in the project folder.
    @discardableResult
    func kiln(_ arguments: String...) throws -> ProcessResult {
        try KilnBinary.run(arguments, in: folder.url)
    }

    func kiln(arguments: [String]) throws -> ProcessResult {
        try KilnBinary.run(arguments, in: folder.url)
    }

    /// A migration set read from the project, to compare files with.
    func migrator() throws -> Migrator {
        Migrator(
            migrations: try MigrationSet.load(directory: folder.path("migrations/shop"), displayPath: "migrations/shop")
        )
    }
}
