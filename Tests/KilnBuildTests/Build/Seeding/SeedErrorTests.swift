import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("Seed errors are typed")
struct SeedErrorTests {
    static let schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);"

    /// Seeds `csv` into table `t`, expecting an error.
    static func error(_ csv: String, mode: SeedMode = .insert) throws -> any Error {
        let project = try SeedProject(schema: schema, seeds: ["t": csv])
        do {
            try project.seed(mode)
        } catch {
            return error
        }
        struct LoadDidNotFail: Error {}
        throw LoadDidNotFail()
    }

    @Test("a caller tells an unknown column from a duplicate key by the reason, not the text")
    func unknownColumnVersusDuplicateKey() throws {
        let unknown = try #require(try Self.error("id,nme\n1,a\n") as? SeedError)
        #expect(unknown.reason == .unknownColumn("nme", table: "t", suggestion: "name", columns: ["id", "name"]))
        #expect(unknown.location == SourceLocation(path: "seeds/db/t.csv", line: 1, column: 4))

        let duplicate = try #require(try Self.error("id,name\n1,a\n1,b\n") as? SeedError)
        guard case .duplicateRow(let sqlite, let value, let firstLine) = duplicate.reason else {
            Issue.record("expected a duplicate row, got \(duplicate.reason)")
            return
        }
        #expect(sqlite.code.matches(.constraint))
        #expect(value == "1")
        #expect(firstLine == 2)
    }

    @Test("every header problem is reported at once, each with its reason")
    func headerProblems() throws {
        let error = try #require(try Self.error("id,id,zz\n1,1,1\n") as? SeedError)
        #expect(error.problems.count == 2)
        #expect(error.problems.first?.reason == .duplicateColumn("id", firstColumn: 1))
    }

    @Test("CSV errors carry their reason: bad quoting, invalid UTF-8, field counts")
    func csvReasons() throws {
        let quote = try #require(try Self.error("id,name\n1,5\" tall\n") as? CSVError)
        #expect(quote.reason == .quoteInUnquotedField)
        #expect(quote.location == SourceLocation(path: "seeds/db/t.csv", line: 2, column: 4))
        let count = try #require(try Self.error("id,name\n1,a,b\n") as? CSVError)
        #expect(count.reason == .fieldCount(found: 3, expected: 2, delimiter: UInt8(ascii: ",")))
    }

    @Test("a CSV error in a header is a seed problem that keeps the CSV error")
    func csvErrorInHeader() throws {
        let error = try #require(try Self.error("id,\"name\n") as? SeedError)
        guard case .malformedCSV(let csv) = error.reason else {
            Issue.record("expected a CSV error, got \(error.reason)")
            return
        }
        #expect(csv.reason == .unclosedQuote)
    }

    @Test("the library's hints name no flags; the command line adds them")
    func commandLineHints() throws {
        let project = try SeedProject(schema: Self.schema, seeds: ["t": "id,name\n1,a\n"])
        try project.seed()
        try project.write("t", "id,name\n1,b\n")
        let error = try #require(throws: SeedError.self) { try project.seed() }
        guard case .rowAlreadyInTable = error.reason else {
            Issue.record("expected a row already in the table, got \(error.reason)")
            return
        }
        #expect(error.diagnostics.first?.hint?.contains("--") == false)
        #expect(
            ErrorRendering.diagnostics(for: error).first?.hint
                == "use --mode upsert to update existing rows, or --mode sync to make the table equal to the CSV")
    }

    @Test("a file that cannot be opened carries the real errno")
    func cannotOpen() throws {
        let error = try #require(throws: CSVError.self) {
            _ = try CSVReader(path: "/nonexistent/t.csv", displayPath: "t.csv")
        }
        guard case .cannotOpen(let fileError) = error.reason else {
            Issue.record("expected cannotOpen, got \(error.reason)")
            return
        }
        #expect(fileError.isMissing)
    }
}
