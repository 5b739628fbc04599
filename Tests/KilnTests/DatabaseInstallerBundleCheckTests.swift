import Foundation
import Kiln
import KilnTestSupport
import Testing

/// The installer's cheap checks of the bundled file (header, journal mode, side files, size) and the full
/// verification kept for files they cannot vouch for or on request.
@Suite("Database installer: bundle checks")
struct DatabaseInstallerBundleCheckTests {
    /// The install's failure reason, or a recorded issue when it succeeded.
    private func problem(_ installer: DatabaseInstaller) -> InstallerError.BundledFileProblem? {
        do {
            try installer.install()
            Issue.record("the install succeeded")
        } catch let error as InstallerError {
            guard case .bundledFileInvalid(let problem) = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return nil
            }
            #expect(error.isPackagingProblem)
            return problem
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    /// Adds `rows` rows of about 1 KB to the bundle's `saint` table, so it has pages beyond the first few.
    private func grow(_ fixture: InstallFixture, rows: Int = 200) throws {
        let db = try SQLiteConnection(path: fixture.bundled.path)
        try db.execute(
            sql:
                "INSERT INTO saint SELECT i % 28 + 1, i / 28 + 20, hex(randomblob(500)) FROM (WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows - 1)) SELECT i FROM n)"
        )
        try db.close()
    }

    /// Overwrites bytes of the bundle's last page, leaving the header and size as they were.
    private func corruptLastPage(_ fixture: InstallFixture) throws {
        var bytes = try fixture.bundledBytes()
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        for index in (bytes.count - pageSize)..<(bytes.count - pageSize + 64) { bytes[index] = 0xEE }
        try Data(bytes).write(to: fixture.bundled)
    }

    @Test("a WAL-mode bundle whose last commit is in its -wal is refused, and nothing is copied")
    func walBundle() throws {
        let fixture = try InstallFixture()
        let writer = try SQLiteConnection(path: fixture.bundled.path)
        #expect(try writer.rows(sql: "PRAGMA journal_mode = WAL") == [["wal"]])
        try writer.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        try writer.execute(sql: "INSERT INTO saint VALUES (1, 1, 'in the wal only')")
        #expect(FileManager.default.fileExists(atPath: fixture.bundled.path + "-wal"))
        #expect(problem(fixture.installer()) == .notRollbackJournal(writeVersion: 2, readVersion: 2))
        #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
        try writer.close()
        // Checkpointed and closed, the file is still in WAL mode: a copy would be too.
        #expect(problem(fixture.installer()) == .notRollbackJournal(writeVersion: 2, readVersion: 2))
        let error = try #require(throws: InstallerError.self) { try fixture.installer().install() }
        #expect(error.message.contains("is in WAL mode"))
    }

    @Test("a -journal, -wal or -shm beside the bundle is refused by name")
    func sideFiles() throws {
        for suffix in ["-journal", "-wal", "-shm"] {
            let fixture = try InstallFixture()
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: fixture.bundled.path + suffix))
            #expect(problem(fixture.installer()) == .sideFile(fixture.bundled.path + suffix))
            #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
        }
    }

    @Test("a bundle whose size is not its page size times its page count is refused")
    func sizeMismatch() throws {
        let fixture = try InstallFixture()
        let bytes = try fixture.bundledBytes()
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        try Data(bytes.dropLast(pageSize)).write(to: fixture.bundled)
        #expect(
            problem(fixture.installer())
                == .sizeDoesNotMatchPageCount(size: bytes.count - pageSize, expected: bytes.count))
        try Data(bytes + [0]).write(to: fixture.bundled)
        #expect(
            problem(fixture.installer()) == .sizeDoesNotMatchPageCount(size: bytes.count + 1, expected: bytes.count))
        #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
    }

    @Test("a file without the SQLite header, or a missing one, is refused with what is wrong")
    func notADatabase() throws {
        let fixture = try InstallFixture()
        try Data(repeating: 0x41, count: 4096).write(to: fixture.bundled)
        #expect(problem(fixture.installer()) == .notADatabase)
        try Data().write(to: fixture.bundled)
        #expect(problem(fixture.installer()) == .notADatabase)
        try FileManager.default.removeItem(at: fixture.bundled)
        guard case .cannotRead(let error) = problem(fixture.installer()) else {
            Issue.record("expected cannotRead")
            return
        }
        #expect(error.code == ENOENT)
    }

    @Test("the default check reads no page beyond the first; verification .full runs quick_check and refuses")
    func fullVerificationOnRequest() throws {
        let fixture = try InstallFixture()
        try grow(fixture)
        try corruptLastPage(fixture)
        var full = fixture.installer()
        full.verification = .full
        #expect(problem(full) == .failsQuickCheck)
        #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
        // The header check cannot see inside pages: it copies the file as it is, byte for byte.
        #expect(try fixture.installer().install().outcome == .copied)
        #expect(try fixture.copyBytes() == fixture.bundledBytes())
    }

    @Test("a bundle whose header page count cannot be trusted (an old writer) gets quick_check anyway")
    func untrustedPageCountFallsBackToQuickCheck() throws {
        let fixture = try InstallFixture()
        try grow(fixture)
        try corruptLastPage(fixture)
        var bytes = try fixture.bundledBytes()
        bytes[95] &+= 1  // "version valid for" no longer equals the change counter
        try Data(bytes).write(to: fixture.bundled)
        #expect(problem(fixture.installer()) == .failsQuickCheck)
    }

    @Test("a sound bundle installs with either verification, byte for byte, in rollback-journal mode")
    func soundBundle() throws {
        for verification in [DatabaseInstaller.Verification.header, .full] {
            let fixture = try InstallFixture()
            try grow(fixture)
            var installer = fixture.installer()
            installer.verification = verification
            let report = try installer.install()
            #expect(report == DatabaseInstaller.Report(outcome: .copied, refreshedTables: []))
            #expect(report.durabilityWarning == nil)
            #expect(try fixture.copyBytes() == fixture.bundledBytes())
            let copy = try SQLiteConnection(path: fixture.destination.path)
            #expect(try copy.rows(sql: "PRAGMA journal_mode") == [["delete"]])
            #expect(try copy.rows(sql: "PRAGMA quick_check") == [["ok"]])
            #expect(
                try FileManager.default.attributesOfItem(atPath: fixture.destination.path)[.posixPermissions] as? Int
                    == 0o644)
        }
    }
}
