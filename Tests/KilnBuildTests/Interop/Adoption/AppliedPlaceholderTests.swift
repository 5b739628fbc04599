import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// `migrate --adopt` on a database the tool migrated past a code migration: the placeholder below the adopted
/// version stands for code that ran, so the baseline's schema is built without it; above, it stays.
@Suite("adoption past an imported code migration's placeholder")
struct AppliedPlaceholderTests {
    /// A project holding the goose fixture imported with placeholders.
    static func project() throws -> (TemporaryDirectory, KilnProject) {
        let folder = try TemporaryDirectory.emptyProject()
        let plan = try ImportPlanner.plan(
            database: "app", source: TestFixtures.url("import-code/goose").path, shownAs: "src", tool: .goose,
            codeMigrations: .placeholder)
        try ImportWriter.write(plan, into: folder.path("migrations"), shownAs: "migrations/app")
        return (folder, try KilnProject(root: folder.url))
    }

    /// The up sections of the fixture's SQL files with versions 1 to `last`, in order, as goose runs them.
    static func gooseUpSQL(through last: Int) throws -> String {
        let folder = TestFixtures.url("import-code/goose").path
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            .filter { $0.hasSuffix(".sql") && Int($0.prefix { $0 != "_" }) ?? .max <= last }
            .map { file in
                let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                return String(text[..<(text.range(of: "-- +goose Down")?.lowerBound ?? text.endIndex)])
            }
            .joined(separator: "\n")
    }

    @Test("below the adopted version the placeholder statements are blanked, locations kept; above they stay")
    func blankedBelowOnly() throws {
        let (folder, project) = try Self.project()
        defer { withExtendedLifetime(folder) {} }
        let migrator = try project.migrator(for: "app")
        let adoption = Adoption(tool: .goose, tableName: "goose_db_version", version: 14)
        let adopted = try project.adoptionMigrator(migrator, at: adoption)
        #expect(adopted.appliedPlaceholders.map(\.version) == [6, 9])
        #expect(adopted.migrator.baselineIgnoredTables == ["goose_db_version"])
        let sets = (migrator.migrations, adopted.migrator.migrations)
        for version: Int32 in [6, 9] {
            let before = try #require(sets.0.migration(version: version))
            let after = try #require(sets.1.migration(version: version))
            #expect(PlanPlaceholder.calls(in: after.source).isEmpty)
            #expect(after.isPlaceholder, "comments only: a valid migration that changes nothing")
            #expect(after.source.bytes.count == before.source.bytes.count)
            #expect(after.sql.split(separator: "\n").prefix(5) == before.sql.split(separator: "\n").prefix(5))
            #expect(after.path == before.path)
        }
        for version: Int32 in [1, 14, 15, 21, 24] {
            #expect(sets.0.migration(version: version) == sets.1.migration(version: version))
        }
        // The baseline's schema is the one goose's SQL up sections 1 to 14 make (its Go code changed rows only);
        // past 14, the chain stops at the next placeholder, and the unchanged chain stops at the first.
        let goose = try SQLiteConnection(path: ":memory:")
        try goose.execute(sql: try Self.gooseUpSQL(through: 14))
        let differences = SchemaDifference.compare(
            expected: try adopted.migrator.freshSchema(at: 14), actual: try SchemaSnapshot.read(from: goose),
            ignoringTables: [])
        #expect(differences.isEmpty, "\(differences)")
        #expect(throws: MigrationError.self) { try adopted.migrator.freshSchema(at: 15) }
        #expect(throws: MigrationError.self) { try migrator.freshSchema(at: 14) }
    }

    @Test("a version below every placeholder leaves the migrator as it was, but for the table left out")
    func nothingToLeaveOut() throws {
        let (folder, project) = try Self.project()
        defer { withExtendedLifetime(folder) {} }
        let migrator = try project.migrator(for: "app")
        let adopted = try project.adoptionMigrator(
            migrator, at: Adoption(tool: .goose, tableName: "goose_db_version", version: 5))
        #expect(adopted.appliedPlaceholders.isEmpty)
        #expect(adopted.migrator.migrations.migrations == migrator.migrations.migrations)
        #expect(adopted.migrator.baselineIgnoredTables == ["goose_db_version"])
    }
}
