import Foundation
import Kiln
import KilnTestSupport
import Testing

/// A project with one database (`shop`, two rows) and a developer's WAL-mode `dev.db` whose 40 rows are
/// committed only in its `-wal`, as an app killed mid-session leaves it.
private struct ResetProject {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);\n")
        try folder.write("seeds/shop/item.csv", "id,name\n1,apple\n2,pear\n")
        try resetDatabase()
    }

    /// Puts the WAL-mode database back at `dev.db`.
    func resetDatabase() throws {
        for suffix in ["", "-wal", "-shm", "-journal", ".previous", ".previous-wal", ".previous-journal"] {
            try? FileManager.default.removeItem(atPath: folder.path("dev.db\(suffix)"))
        }
        let source = folder.path("source.db")
        let live = try SQLiteConnection(path: source)
        try live.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE mine (x)")
        for row in 1...40 { try live.execute(sql: "INSERT INTO mine VALUES (\(row))") }
        try FileManager.default.copyItem(atPath: source, toPath: folder.path("dev.db"))
        try FileManager.default.copyItem(atPath: source + "-wal", toPath: folder.path("dev.db-wal"))
        try live.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: source + suffix) }
    }

    /// What `name` holds: "old" (all 40 rows), "new" (the fresh build), or a description of anything else.
    func state(of name: String) -> String {
        guard folder.exists(name) else { return "missing" }
        do {
            let db = try SQLiteConnection(path: folder.path(name))
            let tables = try db.rows(sql: "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            if tables == [[.text("mine")]] {
                let rows = try db.integer(sql: "SELECT count(*) FROM mine")
                return rows == 40 ? "old" : "old with \(rows) of 40 rows"
            }
            if tables == [[.text("item")]], try db.integer(sql: "SELECT count(*) FROM item") == 2 { return "new" }
            return "tables \(tables)"
        } catch {
            return "unreadable: \(error)"
        }
    }

    /// What a reset must not leave after it succeeded: its temporary files, and a journal beside
    /// `FILE.previous` (a reset killed while it left WAL mode leaves a `-journal` SQLite then rolls back).
    var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path("."))) ?? []).filter {
            $0.contains("kiln-reset") || $0.hasSuffix(".previous-journal")
        }
    }
}

@Suite("kiln reset under injected faults (LD_PRELOAD shim)", .serialized)
struct ResetFaultTests {
    private let reset = ["reset", "shop", "--db", "dev.db"]

    @Test(
        "an error or a kill right before or after the publishing rename keeps FILE old (with its WAL rows) or new",
        .enabled(if: FaultShim.library != nil))
    func publishingRename() throws {
        let project = try ResetProject()
        let target = "=" + URL(fileURLWithPath: project.folder.path("dev.db")).resolvingSymlinksInPath().path
        for action in ["EIO", "ENOSPC", "kill-before", "kill-after"] {
            try project.resetDatabase()
            let fault = FaultShim.Fault(call: "rename", at: 1, action: action, path: target)
            let result = try FaultShim.run(reset, in: project.folder.url, fault: fault)
            #expect(result.standardError.contains("faultshim: fired rename"), "\(action): \(result.standardError)")
            let state = project.state(of: "dev.db")
            switch action {
            case "EIO", "ENOSPC":
                #expect(result.status == 1 && state == "old", "\(action): \(state) \(result.standardError)")
                #expect(result.standardError.contains("dev.db was not replaced: cannot rename "))
                #expect(result.standardError.contains("it is still the complete old database"))
            case "kill-before": #expect(result.status == 137 && state == "old", "\(action): \(state)")
            default:
                #expect(result.status == 137 && state == "new", "\(action): \(state)")
                #expect(project.state(of: "dev.db.previous") == "old")
            }
            let next = try KilnBinary.run(reset, in: project.folder.url)
            #expect(next.status == 0, "\(action): \(next.standardError)")
            #expect(project.leftovers.isEmpty, "\(action): \(project.leftovers)")
        }
    }

    @Test(
        "EIO or kill -9 at every rename, link and fsync of a reset, and every write to the old file and its side files: FILE is old or new, FILE.previous complete on exit 0, nothing left after the next reset",
        .enabled(if: FaultShim.library != nil))
    func everyCall() throws {
        let project = try ResetProject()
        let file = URL(fileURLWithPath: project.folder.path("dev.db")).resolvingSymlinksInPath().path
        var runs = 0
        for (call, path) in [
            ("rename", nil), ("link", nil), ("fsync", nil), ("write", file),
        ] {
            try project.resetDatabase()
            let calls = try FaultShim.count(call, reset, in: project.folder.url, path: path)
            #expect(calls > 0, "\(call) \(path ?? ""): counted none")
            for at in stride(from: 1, through: calls, by: 1) {
                for action in ["EIO", "kill-before", "kill-after"] {
                    try project.resetDatabase()
                    let fault = FaultShim.Fault(call: call, at: at, action: action, path: path)
                    let result = try FaultShim.run(reset, in: project.folder.url, fault: fault)
                    runs += 1
                    try check(project, result, "\(call) \(path ?? "") #\(at) \(action): exit \(result.status)")
                }
            }
        }
        #expect(runs >= 30, "\(runs) runs")
    }

    /// The promises after one faulted reset, and that the next reset succeeds and leaves nothing behind.
    private func check(_ project: ResetProject, _ result: ProcessResult, _ context: String) throws {
        let state = project.state(of: "dev.db")
        #expect(state == "old" || state == "new", "\(context): dev.db is \(state)")
        if result.status == 0 {
            #expect(state == "new" && project.state(of: "dev.db.previous") == "old", "\(context)")
        } else if result.status == 1 {
            #expect(state == "old", "\(context): exit 1 but published")
        } else {
            #expect(result.status == 137, "\(context): \(result.standardError)")
        }
        let next = try KilnBinary.run(reset, in: project.folder.url)
        #expect(next.status == 0 && project.leftovers.isEmpty, "\(context): \(project.leftovers)")
    }
}
