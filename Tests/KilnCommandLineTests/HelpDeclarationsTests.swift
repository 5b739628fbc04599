import Foundation
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("kiln's own options and the environment variables it reads are declared once")
struct HelpDeclarationsTests {
    @Test("-v/--version and -h/--help: root help, the man page's synopsis and kiln itself all follow the declaration")
    func builtInOptions() {
        #expect(KilnTool.builtInOptions.map(\.spellings) == [["-v", "--version"], ["-h", "--help"]])
        let help = kiln(["--help"], columns: 80).standardOutput
        let page = kiln(["help", "--man"], columns: 80).standardOutput
        for option in KilnTool.builtInOptions {
            let label = "-\(option.shortName!), --\(option.name)"
            #expect(help.contains("\n  \(label)" + HelpLayout.spaces(24 - label.count) + option.help + "\n"))
            #expect(page.contains("\n.Nm\n.Fl \\-\(option.name) | Fl \(option.shortName!)\n"), "\(option.name)")
            for spelling in option.spellings {
                let run = kiln([spelling], columns: 80)
                #expect(run.status == 0 && !run.standardOutput.isEmpty, "\(spelling)")
            }
        }
    }

    /// Every environment variable name `Sources` reads: `environment["NAME"]`, `getenv("NAME")` and constants
    /// naming one (`environmentVariable = "NAME"`).
    static func variablesRead() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(
            pattern: #"(?:environment\[\s*|getenv\(\s*|[vV]ariable\s*=\s*)"([A-Z][A-Z0-9_]*)""#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    @Test("every environment variable read in Sources is in the table; the man page and root help name each")
    func environmentTable() throws {
        let read = try Self.variablesRead()
        #expect(read.isSuperset(of: ["KILN_ROOT", "SOURCE_DATE_EPOCH", "NO_COLOR", "GITHUB_WORKSPACE"]), "\(read)")
        let table = EnvironmentVariable.all.map(\.name)
        #expect(Set(table).count == table.count)
        #expect(read.subtracting(table).isEmpty, "read but not in EnvironmentVariable.all: \(read.subtracting(table))")
        let page = kiln(["help", "--man"], columns: 80).standardOutput
        let help = kiln(["help"], columns: 80).standardOutput
        for variable in EnvironmentVariable.all {
            #expect(page.contains("\n.It Ev \(variable.name)\n"), "\(variable.name)")
            #expect(help.contains(variable.name), "\(variable.name)")
        }
        #expect(help.contains("\nENVIRONMENT:\n  KILN_ROOT, KILN_DATABASE, NO_COLOR,"))
    }
}
