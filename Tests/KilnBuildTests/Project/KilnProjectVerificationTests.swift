import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("KilnProject: kiln.sum verification, kiln.json names and the double-quoted string setting")
struct KilnProjectVerificationTests {
    private func project(json: String? = nil) throws -> (TemporaryDirectory, KilnProject) {
        let folder = try TemporaryDirectory()
        for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
        if let json { try folder.write("kiln.json", json) }
        return (folder, try KilnProject.requiringMigrations(root: folder.url))
    }

    @Test("migrator(for:) refuses an edited recorded migration unless verification is off; the checker reports it")
    func editedMigration() throws {
        let (folder, project) = try project()
        _ = try project.migrator(for: "shop")  // no kiln.sum: nothing to verify
        _ = try ProjectChecker(project: project).writeSum(for: "shop")
        try folder.write("migrations/shop/0002_add_price.sql", "ALTER TABLE item ADD COLUMN price INTEGER;\n")
        let error = try #require(throws: CheckError.self) { try project.migrator(for: "shop") }
        guard case .migrationEdited("shop", "0002_add_price.sql") = try #require(error.findings.first).reason else {
            Issue.record("not an edited migration: \(error.findings)")
            return
        }
        #expect(error.findings.count == 1)
        #expect(
            error.findings.first?.location
                == SourceLocation(path: "migrations/shop/0002_add_price.sql", line: 1, column: 1))
        var unverified = project
        unverified.verifiesMigrationSums = false
        _ = try unverified.migrator(for: "shop")
        let checker = ProjectChecker(project: project)
        #expect(!checker.project.verifiesMigrationSums)
        let edited = checker.findings(for: "shop").filter {
            if case .migrationEdited = $0.reason { return true }
            return false
        }
        #expect(edited.count == 1)
    }

    @Test("unknown database and seeded-table names are refused at their keys; known ones pass")
    func names() throws {
        let folder = try TemporaryDirectory()
        for (name, sql) in ShopFixture.migrations { try folder.write("migrations/shop/\(name)", sql) }
        try folder.write("seeds/shop/item.csv", "id,name\n1,a\n")
        try folder.write(
            "kiln.json", #"{"databases": {"shop": {"delimiters": {"Item": ";", "tag": ";"}}, "Shop": {}}}"#)
        let error = try #require(throws: ConfigurationError.self) {
            try KilnProject.requiringMigrations(root: folder.url)
        }
        #expect(
            error.problems.map(\.reason) == [
                .unknownSeedTable(database: "shop", table: "tag", known: ["item"]),
                .unknownDatabase(name: "Shop", known: ["shop"]),
            ])
        #expect(error.problems.map(\.location.column) == [53, 67])
        #expect(error.diagnostics.last?.hint == "did you mean 'shop'? the databases are: shop")
    }

    @Test("the doubleQuotedStrings setting reaches the migrator and every connection it migrates")
    func doubleQuotedStrings() throws {
        let (plainFolder, plain) = try project()
        #expect(try !plain.migrator(for: "shop").doubleQuotedStringLiterals)
        withExtendedLifetime(plainFolder) {}
        let (legacyFolder, legacy) = try project(json: #"{"databases": {"shop": {"doubleQuotedStrings": true}}}"#)
        let migrator = try legacy.migrator(for: "shop")
        #expect(migrator.doubleQuotedStringLiterals)
        let connection = try SQLiteConnection(path: ":memory:")
        try migrator.migrate(connection)
        #expect(try connection.rows(sql: #"SELECT "x""#) == [[.text("x")]])
        withExtendedLifetime(legacyFolder) {}
    }
}
