import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Thrown by a `prepareConnection` that ran on another thread than the async install's own.
private struct NotOnInstallThread: Error, CustomStringConvertible {
    let name: String?
    var description: String { "prepareConnection ran on thread \(name.map { "'\($0)'" } ?? "without a name")" }
}

@Suite("Database installer, async")
struct DatabaseInstallerAsyncTests {
    /// Checks, on every connection the install prepares, that the install runs on its own thread.
    private static let onInstallThread: @Sendable (SQLiteConnection) throws -> Void = { _ in
        let name = Thread.current.name
        guard name == "kiln install" else { throw NotOnInstallThread(name: name) }
    }

    @Test(
        "await install() copies an absent copy, then upgrades it when the bundle gains a version, keeping every user row, each on a thread of its own"
    )
    func copiesThenUpgrades() async throws {
        let fixture = try InstallFixture()
        // The previous release: its bundle and migrations at version 2.
        let previousMigrations = try migrationSet("saints", Array(InstallFixture.files.prefix(2)))
        let previousBundle = fixture.folder.url.appendingPathComponent("bundle/saints-2.sqlite")
        try Migrator(migrations: previousMigrations, applicationID: 7).migrate(fileAt: previousBundle.path)
        var first = DatabaseInstaller(
            bundled: previousBundle, destination: fixture.destination, migrations: previousMigrations,
            refreshTables: ["saint"])
        first.prepareConnection = Self.onInstallThread
        #expect(try await first.install() == .init(outcome: .copied, refreshedTables: []))
        #expect(try fixture.copyBytes() == fixture.folder.read("bundle/saints-2.sqlite"))

        let db = try SQLiteConnection(path: fixture.destination.path)
        try db.execute(sql: "INSERT INTO favorite (note) VALUES ('user row 0'), ('user row 1')")
        try db.close()

        // This release: the bundle and migrations at version 3.
        var second = fixture.installer(refresh: ["saint"])
        second.prepareConnection = Self.onInstallThread
        #expect(try await second.install() == .init(outcome: .upgraded(from: 2, to: 3), refreshedTables: []))
        let after = try SQLiteConnection(path: fixture.destination.path)
        #expect(try Migrator.version(of: after) == 3)
        #expect(
            try after.rows(sql: "SELECT note, rank FROM favorite ORDER BY id") == [
                ["user row 0", 0], ["user row 1", 0],
            ])
        #expect(try after.rows(sql: "SELECT name FROM saint ORDER BY month, day") == [["Giuseppe"], ["Francesco"]])
    }

    @Test("await install() throws the synchronous install's error: a newer copy is refused and left as it was")
    func refusesNewerCopy() async throws {
        let fixture = try InstallFixture(version: 2)
        let newer = try migrationSet("saints", InstallFixture.files)
        try Migrator(migrations: newer, applicationID: 7).migrate(fileAt: fixture.destination.path)
        let before = try fixture.copyBytes()
        let error = try await #require(throws: InstallerError.self) { try await fixture.installer().install() }
        #expect(error.isNewerCopy)
        #expect(try fixture.copyBytes() == before)
    }
}
