import Foundation
import KilnCommandLine
import KilnTestSupport

/// Runs kiln in-process, as the binary would in `directory`, and collects what it prints.
func kiln(_ arguments: [String], in directory: URL) -> ProcessResult {
    var output = ""
    var errors = ""
    let status = KilnTool.run(
        arguments, currentDirectory: directory, standardOutput: { output += $0 }, standardError: { errors += $0 },
        environment: TestEnvironment.kiln)
    return ProcessResult(status: status, standardOutput: output, standardError: errors)
}

/// A project folder on disk with a `shop` database, whose commands run in-process.
struct ShopProject {
    let folder: TemporaryDirectory

    init(_ migrations: [(String, String)] = ShopProject.migrations) throws {
        folder = try TemporaryDirectory()
        for (name, sql) in migrations { try folder.write("migrations/shop/\(name)", sql) }
    }

    static let migrations = ShopFixture.migrations

    /// Runs kiln in the project folder. (It throws nothing; `throws` keeps call sites as they are for the binary.)
    @discardableResult
    func kiln(_ arguments: String...) throws -> ProcessResult {
        KilnCommandLineTests.kiln(arguments, in: folder.url)
    }

    /// Runs kiln in the project folder with a list of arguments.
    func kiln(arguments: [String]) throws -> ProcessResult {
        KilnCommandLineTests.kiln(arguments, in: folder.url)
    }
}
