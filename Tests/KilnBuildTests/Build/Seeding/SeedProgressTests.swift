import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@Suite("Seed progress and reader lifetime")
struct SeedProgressTests {
    @Test("progress reports rows, bytes and a monotonic elapsed time in seconds every 16,384 rows")
    func progress() throws {
        let rows = (1...40_000).map { "\($0),name \($0)" }.joined(separator: "\n")
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);", seeds: ["t": "id,name\n" + rows + "\n"])
        var reports: [SeedProgress] = []
        _ = try project.project.seed("db", fileAt: project.path, progress: { reports.append($0) })
        // The first report is the table's start, before any row.
        #expect(reports.map(\.rows) == [0, 16_384, 32_768])
        #expect(reports.dropFirst().allSatisfy { $0.table == "t" && $0.bytes > 0 && $0.elapsed >= 0 })
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.elapsed <= $1.elapsed })
    }

    @Test("each report counts the current table's rows apart from the load's (review U19)")
    func tableRows() throws {
        let rows = (1...20_000).map { "\($0),name \($0)" }.joined(separator: "\n")
        let project = try SeedProject(
            schema: "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT);"
                + " CREATE TABLE b (id INTEGER PRIMARY KEY, name TEXT);",
            seeds: ["a": "id,name\n" + rows + "\n", "b": "id,name\n" + rows + "\n"])
        var reports: [SeedProgress] = []
        _ = try project.project.seed("db", fileAt: project.path, progress: { reports.append($0) })
        let second = try #require(reports.first { $0.tableNumber == 2 })
        #expect(second.rows == 20_000 && second.tableRows == 0, "the second table starts at 0 of its own rows")
        #expect(reports.filter { $0.tableNumber == 2 }.map(\.tableRows).max() == 12_768, "\(reports.map(\.tableRows))")
        #expect(reports.filter { $0.tableNumber == 1 }.allSatisfy { $0.rows == $0.tableRows })
    }

    @Test("a reader closes its file when it goes away: far more readers than descriptors a process may hold")
    func readersCloseTheirFiles() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("t.csv", bytes: Array("id\n1\n".utf8))
        for _ in 0..<5000 {
            var reader = try CSVReader(path: path, displayPath: "t.csv")
            #expect(try reader.next())
        }
    }
}
