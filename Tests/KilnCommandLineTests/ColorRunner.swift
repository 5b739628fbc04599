import Foundation
import KilnCommandLine
import KilnTestSupport

/// Runs kiln in-process with extra environment variables and a chosen standard error (a terminal or not), for
/// the colour, `--json` error and GitHub Actions tests.
func kiln(
    _ arguments: [String], in directory: URL, environment extra: [String: String], terminal: Bool = false
) -> ProcessResult {
    var output = ""
    var errors = ""
    var environment = TestEnvironment.kiln
    environment.merge(extra) { _, new in new }
    let status = KilnTool.run(
        arguments, currentDirectory: directory, standardOutput: { output += $0 }, standardError: { errors += $0 },
        standardErrorIsTerminal: terminal, environment: environment)
    return ProcessResult(status: status, standardOutput: output, standardError: errors)
}

/// A `shop` project whose second migration has a syntax error at 2:8 and a `DROP TABLE` warning at 1:1 (no
/// kiln.sum either), so `status`, `build` and `check` fail with located diagnostics.
func brokenShop() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.write("migrations/shop/0001_create.sql", "CREATE TABLE a (id INTEGER PRIMARY KEY);\n")
    try folder.write("migrations/shop/0002_break.sql", "DROP TABLE a;\nCREATE TABL b (x);\n")
    return folder
}

/// `text` without ANSI escape sequences.
func withoutEscapes(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}

/// The bold red `error:` label kiln prints when it colours.
let colouredError = "\u{1B}[1;31merror:\u{1B}[0m"
