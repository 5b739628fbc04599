import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Every error kiln prints when the disk fails under it names the file and the real cause: a sweep of EIO and
/// ENOSPC at the first, middle and last write, fsync and unlink of `migrate`, `seed`, `reset` and `build`
/// (the LD_PRELOAD shim). scripts/unnamed-errors.py runs the same check at every call of more commands.
@Suite("Errors under injected I/O faults name their file and cause", .enabled(if: FaultShim.library != nil))
struct UnnamedErrorTests {
    /// One command and the state before it.
    struct Scenario: CustomStringConvertible {
        let arguments: [String]
        let prepare: [[String]]
        var description: String { arguments.joined(separator: " ") }
    }

    static let scenarios = [
        Scenario(
            arguments: ["migrate", "shop", "--db", "app.db"],
            prepare: [["migrate", "shop", "--db", "app.db", "--to", "1"]]),
        Scenario(arguments: ["seed", "shop", "--db", "app.db"], prepare: [["migrate", "shop", "--db", "app.db"]]),
        Scenario(arguments: ["reset", "shop", "--db", "dev.db"], prepare: [["migrate", "shop", "--db", "dev.db"]]),
        Scenario(arguments: ["build"], prepare: []),
    ]

    private func project(_ scenario: Scenario) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/shop/0001_create.sql",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX item_name ON item (name);\n")
        try folder.write("migrations/shop/0002_tag.sql", "ALTER TABLE item ADD COLUMN tag TEXT;\n")
        try folder.write(
            "seeds/shop/item.csv", "id,name,tag\n" + (1...200).map { "\($0),item \($0),t\($0 % 7)\n" }.joined())
        for step in scenario.prepare {
            let result = try KilnBinary.run(step, in: folder.url)
            #expect(result.status == 0, "\(step): \(result.standardError)")
        }
        return folder
    }

    /// Whether an error line says which file it is about: a path, or a file name with its extension.
    static func namesAFile(_ line: String) -> Bool {
        let text = line.replacingOccurrences(of: "I/O", with: "")
        return text.contains("/")
            || text.range(of: #"\.(db|sqlite|json|sql|csv)\b"#, options: .regularExpression) != nil
    }

    /// Whether an error line keeps the real cause: SQLite's extended code, or the system's text for the errno.
    static func namesACause(_ line: String) -> Bool {
        line.contains("SQLITE_") || line.contains(String(cString: strerror(EIO)))
            || line.contains(String(cString: strerror(ENOSPC)))
    }

    @Test("every error line names its file and its cause", arguments: scenarios)
    func sweep(_ scenario: Scenario) throws {
        var problems: [String] = []
        var errorLines = 0
        for call in ["write", "fsync", "unlink"] {
            let probe = try project(scenario)
            let count = try FaultShim.count(call, scenario.arguments, in: probe.url)
            for at in Set([1, (count + 1) / 2, count]).filter({ $0 >= 1 }).sorted() {
                for action in ["EIO", "ENOSPC"] {
                    let folder = try project(scenario)
                    let fault = FaultShim.Fault(call: call, at: at, action: action)
                    let result = FaultShim.kilnOutput(
                        of: try FaultShim.run(scenario.arguments, in: folder.url, fault: fault))
                    #expect([0, 1].contains(result.status), "\(call) #\(at) \(action): \(result.standardError)")
                    for line in result.standardError.split(separator: "\n").map(String.init)
                    where line.hasPrefix("kiln: error:") {
                        errorLines += 1
                        if !Self.namesAFile(line) || !Self.namesACause(line) {
                            problems.append("\(call) #\(at) \(action): \(line)")
                        }
                    }
                }
            }
        }
        #expect(errorLines > 0, "the faults made \(scenario) fail nowhere")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
