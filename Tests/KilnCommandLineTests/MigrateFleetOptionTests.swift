import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// `kiln migrate --each`'s command line, in-process: what goes with what, and the values it takes.
@Suite("kiln migrate --each, options")
struct MigrateFleetOptionTests {
    /// The first line of standard error and the exit status of a run in the shop project.
    func usage(_ arguments: String...) throws -> (status: Int32, error: String, note: String?, output: String) {
        let result = try ShopProject().kiln(arguments: ["migrate", "shop"] + arguments)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        let note = lines.dropFirst().first { $0.hasPrefix("kiln migrate: note: ") }
        return (result.status, lines.first ?? "", note, result.standardOutput)
    }

    @Test(
        "--db and --each: exactly one; the other mode's options are usage errors",
        arguments: [
            ([], "missing expected option '--db <file>' (one file) or '--each <pattern>' (many)"),
            (["--db", "a.db", "--each", "t"], "'--db' and '--each' exclude each other: give one file or a pattern"),
            (["--db", "a.db", "--jobs", "2"], "'--jobs' goes with '--each'"),
            (["--db", "a.db", "--fail-fast"], "'--fail-fast' goes with '--each'"),
            (["--db", "a.db", "--shard", "1/2"], "'--shard' goes with '--each'"),
            (["--db", "a.db", "--create-empty"], "'--create-empty' goes with '--each'"),
            (["--each", "t", "--adopt"], "'--adopt' does not go with '--each'"),
            (["--each", "t", "--drop-tracking-table"], "'--drop-tracking-table' does not go with '--each'"),
        ] as [([String], String)])
    func exclusive(arguments: [String], message: String) throws {
        let result = try ShopProject().kiln(arguments: ["migrate", "shop"] + arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("kiln migrate: error: \(message)\n"), "\(result.standardError)")
    }

    @Test(
        "--jobs takes 1 to 256 and --shard K/N with 1 <= K <= N",
        arguments: [
            (["--jobs", "0"], "'--jobs' takes a number of files at once from 1 to 256, not '0'"),
            (["--jobs", "257"], "'--jobs' takes a number of files at once from 1 to 256, not '257'"),
            (["--jobs", "two"], "'--jobs' takes a number of files at once from 1 to 256, not 'two'"),
            (["--shard", "0/3"], "'--shard' takes K/N, slice K of N counted from 1 (1/3, 2/3, 3/3), not '0/3'"),
            (["--shard", "4/3"], "'--shard' takes K/N, slice K of N counted from 1 (1/3, 2/3, 3/3), not '4/3'"),
            (["--shard", "1"], "'--shard' takes K/N, slice K of N counted from 1 (1/3, 2/3, 3/3), not '1'"),
            (["--shard", "1/0"], "'--shard' takes K/N, slice K of N counted from 1 (1/3, 2/3, 3/3), not '1/0'"),
            (
                ["--each=", "--jobs", "2"],
                "'--each' takes a folder or a quoted glob such as 'tenants/*.db', not an empty word"
            ),
        ] as [([String], String)])
    func values(arguments: [String], message: String) throws {
        let each = arguments.contains { $0.hasPrefix("--each") } ? [] : ["--each", "t"]
        let result = try ShopProject().kiln(arguments: ["migrate", "shop"] + each + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("kiln migrate: error: \(message)\n"), "\(result.standardError)")
    }

    @Test("a glob the shell expanded (words left after --each) is a usage error whose note says to quote it")
    func shellExpanded() throws {
        let found = try usage("--each", "tenants/a.db", "tenants/b.db", "tenants/c.db")
        #expect(found.status == 64)
        #expect(found.error == "kiln migrate: error: unexpected argument 'tenants/b.db'")
        #expect(
            found.note
                == "kiln migrate: note: the shell expanded the pattern of '--each' into many files; quote it so kiln "
                + "walks the files itself: --each 'tenants/*.db'")
        let own = try usage("--each", "data/eu/x.sqlite", "data/eu/y.sqlite")
        #expect(own.note?.hasSuffix("quote it so kiln walks the files itself: --each 'data/eu/*.sqlite'") == true)
        let mixed = try usage("--each", "data/x.sqlite", "other/y.db")
        #expect(mixed.note?.hasSuffix("quote it so kiln walks the files itself: --each 'tenants/*.db'") == true)
        let withoutEach = try usage("--db", "a.db", "b.db")
        #expect(withoutEach.error == "kiln migrate: error: unexpected argument 'b.db'")
        #expect(withoutEach.note == nil)
    }

    @Test(
        "the pattern the shell expanded is rebuilt only from words of one folder and one extension",
        arguments: [
            (["t/a.db", "t/b.db"], "t/*.db"), (["a.db", "b.db", "c.db"], "*.db"), (["./x/1.sqlite3"], "./x/*.sqlite3"),
            (["t/a.db", "u/b.db"], nil), (["t/a.db", "t/b.sqlite"], nil), (["t/README", "t/b"], nil),
            (["t/.hidden", "t/.other"], nil), (["it's/a.db", "it's/b.db"], nil), (["t/a.", "t/b."], nil),
        ] as [([String], String?)])
    func commonPattern(words: [String], pattern: String?) {
        #expect(ArgumentParser.commonPattern(of: words) == pattern)
    }

    @Test("under --each --json a usage error is one compact JSON line, before the run or while parsing")
    func jsonUsageErrors() throws {
        for arguments in [
            ["--each", "t", "--json", "--adopt"], ["--each", "t", "b", "--json"],
            ["--each", "t", "--json", "--jobs", "0"],
        ] {
            let result = try ShopProject().kiln(arguments: ["migrate", "shop"] + arguments)
            #expect(result.status == 64)
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == 1, "\(arguments): \(result.standardOutput)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
            #expect(object["outcome"] as? String == "usageError")
            #expect(object["exitStatus"] as? Int == 64)
            #expect(object["command"] as? String == "migrate")
        }
    }

    @Test("help shows the fleet options")
    func help() throws {
        let result = try ShopProject().kiln("migrate", "--help")
        for option in ["--each <pattern>", "--jobs <n>", "--fail-fast", "--shard <k/n>", "--create-empty", "--json"] {
            #expect(result.standardOutput.contains(option), "\(option)")
        }
    }
}
