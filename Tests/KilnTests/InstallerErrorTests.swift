import Foundation
import Kiln
import KilnTestSupport
import Testing

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

@Suite("Installer errors and lock")
struct InstallerErrorTests {
    @Test("an install waits no longer than lockTimeout, names the holder, and writes nothing")
    func lockTimeout() throws {
        let fixture = try InstallFixture()
        let lockPath = fixture.folder.path("Documents/.saints.sqlite.kiln-lock")
        let holder = LockHolder(path: lockPath)
        var installer = fixture.installer()
        installer.lockTimeout = 0.2
        let started = Date()
        let error = try #require(throws: InstallerError.self) { try installer.install() }
        #expect(Date().timeIntervalSince(started) < 10)
        guard case .lockTimedOut(let seconds, let holderName) = error.reason else {
            Issue.record("\(error)")
            holder.unlock()
            return
        }
        #expect(seconds == 0.2)
        #if os(Linux)
            #expect(holderName?.hasPrefix("process \(getpid())") == true, "\(holderName ?? "nil")")
            #expect(error.message.contains("is being installed by process \(getpid())"))
        #endif
        #expect(!error.isDiskFull)
        #expect(!FileManager.default.fileExists(atPath: fixture.destination.path))
        holder.unlock()
        #expect(try installer.install().outcome == .copied)
    }

    @Test("without a timeout an install waits for the other install to finish")
    func lockWaits() throws {
        let fixture = try InstallFixture()
        let holder = LockHolder(path: fixture.folder.path("Documents/.saints.sqlite.kiln-lock"))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { holder.unlock() }
        #expect(try fixture.installer().install().outcome == .copied)
    }

    @Test("a file-system failure carries the real FileSystemError, so a full disk is told apart")
    func fileSystemReason() {
        let full = InstallerError(
            .fileSystem(FileSystemError(.write, path: "/d/.x", code: ENOSPC)), bundled: "/b/x.sqlite",
            destination: "/d/x.sqlite")
        #expect(full.isDiskFull)
        #expect(full.fileSystemError?.code == ENOSPC)
        #expect(!full.isPackagingProblem)
        #expect(full.message == "cannot write /d/.x: \(String(cString: strerror(ENOSPC)))")
        let denied = InstallerError(
            .fileSystem(FileSystemError(.create, path: "/d/.x", code: EACCES)), bundled: "/b/x.sqlite",
            destination: "/d/x.sqlite")
        #expect(!denied.isDiskFull)
        let sqliteFull = InstallerError(
            .database(SQLiteError(code: .full, message: "database or disk is full"), step: .refresh),
            bundled: "/b/x.sqlite", destination: "/d/x.sqlite")
        #expect(sqliteFull.isDiskFull)
        #expect(sqliteFull.message == "cannot refresh reference tables of /d/x.sqlite: database or disk is full (SQLITE_FULL)")
    }

    @Test("a damaged bundle is a packaging problem, with no command-line wording in its hint")
    func damagedBundle() throws {
        let fixture = try InstallFixture()
        try Data("not a database at all, just text that is long enough".utf8).write(to: fixture.bundled)
        let error = try #require(throws: InstallerError.self) { try fixture.installer().install() }
        guard case .bundledFileInvalid = error.reason else {
            Issue.record("\(error)")
            return
        }
        #expect(error.isPackagingProblem)
        #expect(!error.isDiskFull)
        #expect(error.bundled == fixture.bundled.path)
        #expect(error.destination == fixture.destination.path)
        let hint = error.hint ?? ""
        #expect(!hint.contains("kiln build"))
    }

    @Test("a copy written by a newer build is reported as such and keeps its messages")
    func newerCopy() throws {
        let fixture = try InstallFixture(version: 2)
        try fixture.appCopy(at: 3)
        let error = try #require(throws: InstallerError.self) { try fixture.installer().install() }
        #expect(error.isNewerCopy)
        #expect(
            error.diagnostics.map { $0.formatted() } == [
                "kiln: error: saints.sqlite is at version 3, newer than the bundled version 2\nkiln: note: a newer build of the app wrote it; kiln never downgrades a database"
            ])
    }

    @Test("the bundle-check problems say what is wrong, name the file, and are packaging problems")
    func bundleCheckMessages() {
        func error(_ problem: InstallerError.BundledFileProblem) -> InstallerError {
            InstallerError(.bundledFileInvalid(problem), bundled: "/b/x.sqlite", destination: "/d/x.sqlite")
        }
        #expect(error(.notADatabase).message == "the bundled file /b/x.sqlite is not a SQLite database")
        #expect(
            error(.notRollbackJournal(writeVersion: 2, readVersion: 2)).message
                == "the bundled database /b/x.sqlite is in WAL mode; a copy of the file alone may lack its last commits"
        )
        #expect(
            error(.notRollbackJournal(writeVersion: 1, readVersion: 3)).message
                == "the bundled database /b/x.sqlite is not in rollback-journal mode (format versions 1, 3)")
        #expect(error(.sideFile("/b/x.sqlite-wal")).message == "the bundled database has /b/x.sqlite-wal beside it")
        #expect(
            error(.sizeDoesNotMatchPageCount(size: 4000, expected: 8192)).message
                == "the bundled database /b/x.sqlite is 4000 bytes but its header says 8192")
        let unreadable = error(.cannotRead(FileSystemError(.open, path: "/b/x.sqlite", code: ENOENT)))
        #expect(
            unreadable.message
                == "cannot read the bundled database: open /b/x.sqlite: \(String(cString: strerror(ENOENT)))")
        #expect(unreadable.fileSystemError?.code == ENOENT)
        for problem in [
            InstallerError.BundledFileProblem.notADatabase, .sideFile("/b/x.sqlite-shm"),
            .notRollbackJournal(writeVersion: 2, readVersion: 2), .sizeDoesNotMatchPageCount(size: 1, expected: 2),
        ] {
            #expect(error(problem).isPackagingProblem)
            #expect(error(problem).hint != nil)
            #expect(!(error(problem).hint ?? "").contains("kiln build"))
        }
    }

    @Test("a durability warning names the published path and the failed fsync")
    func durabilityWarning() {
        let warning = DatabaseInstaller.DurabilityWarning(
            published: "/d/x.sqlite", error: FileSystemError(.fsync, path: "/d", code: EIO))
        #expect(
            warning.message
                == "installed /d/x.sqlite, but cannot fsync /d: \(String(cString: strerror(EIO))): the new name may not survive a power loss"
        )
        #expect(
            DatabaseInstaller.Report(outcome: .copied, refreshedTables: [], durabilityWarning: warning)
                != DatabaseInstaller.Report(outcome: .copied, refreshedTables: []))
    }
}
