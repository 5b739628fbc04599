import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln help and usage, in-process")
struct HelpAndUsageTests {
    @Test("help, --help and -h print the same text on stdout")
    func help() throws {
        let project = try ShopProject()
        let viaHelp = try project.kiln("help", "migrate")
        let viaFlag = try project.kiln("migrate", "--help")
        let viaShort = try project.kiln("migrate", "-h")
        #expect(viaHelp.status == 0 && viaFlag.status == 0 && viaShort.status == 0)
        #expect(viaHelp.standardOutput == viaFlag.standardOutput && viaFlag.standardOutput == viaShort.standardOutput)
        #expect(viaHelp.standardOutput.hasPrefix("OVERVIEW: Brings a database file to the newest version"))
        let root = try project.kiln("--help")
        for command in ["migrate", "status", "new", "schema"] {
            #expect(root.standardOutput.contains("\n  \(command) "))
        }
    }

    @Test("kiln help help prints help's own help; a misspelled subcommand never suggests itself")
    func helpOfHelp() throws {
        let project = try ShopProject()
        let result = try project.kiln("help", "help")
        #expect(result.status == 0 && result.standardError.isEmpty)
        #expect(
            result.standardOutput.hasPrefix(
                "OVERVIEW: Shows kiln's help, or one subcommand's.\n"))
        #expect(result.standardOutput.contains("\nUSAGE: kiln help [<subcommand>] [--man]\n"))
        let typo = try project.kiln("help", "hlep")
        #expect(typo.status == 64)
        #expect(typo.standardError.contains("did you mean 'help'?"))
    }

    @Test("usage errors exit 64 with the usage line on stderr")
    func usageErrors() throws {
        let result = try ShopProject().kiln("migrate", "shop", "--db", "x.sqlite", "--dryrun")
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                kiln migrate: error: unknown option '--dryrun'
                kiln migrate: note: did you mean '--dry-run'?
                Usage: kiln migrate [<database>] [--db <file>] [--each <pattern>]
                                    [--to <version>] [--dry-run] [--baseline <version>]
                                    [--jobs <n>] [--fail-fast] [--shard <k/n>] [--create-empty]
                                    [--json] [--adopt] [--drop-tracking-table]
                                    [--accept-edited <version>] ... [--root <dir>]
                  See 'kiln help migrate' for more.

                """)
        #expect(try ShopProject().kiln("migrate", "shop", "--db", "x", "--to", "two").status == 64)
        #expect(try ShopProject().kiln().status == 64)
    }
}
