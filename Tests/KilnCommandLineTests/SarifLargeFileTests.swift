import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnCommandLine

@Suite("SARIF columns deep in a large file")
struct SarifLargeFileTests {
    /// 179,072 plain lines, one line with multi-byte characters before `garbage`, then 2 MB more.
    private static func largeFile(in folder: TemporaryDirectory) throws -> (path: String, line: String) {
        let line = "😀é,'ü',garbage"
        var bytes = Array(String(repeating: "1,widget,9.99\n", count: 179_072).utf8)
        bytes += Array((line + "\n").utf8)
        bytes += Array(String(repeating: "2,gadget,1.00\n", count: 150_000).utf8)
        return (try folder.write("seeds/shop/product.csv", bytes: bytes), line)
    }

    @Test("a finding on line 179073 gets its UTF-16 column, and the file is read only about that far")
    func deepFinding() throws {
        let folder = try TemporaryDirectory()
        let (path, line) = try Self.largeFile(in: folder)
        let offset = try #require(line.range(of: "garbage")?.lowerBound)
        let byteColumn = line.utf8.distance(from: line.startIndex, to: offset) + 1
        let places = SarifPlaces(root: folder.url, workspace: nil)
        let expected = line.utf16.distance(from: line.startIndex, to: offset) + 1
        #expect(expected != byteColumn)
        #expect(places.utf16Column(byteColumn, line: 179_073, in: path) == expected)
        #expect(places.utf16Column(3, line: 179_072, in: path) == 3, "an earlier line, from what was read")
        #expect(places.utf16Column(5, line: 400_000, in: path) == 5, "no such line: unchanged")

        var reader = SarifLineReader(path: path)
        #expect(reader.line(179_073).map { Array($0) } == Array(line.utf8))
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(reader.bytes.count <= 179_073 * 14 + SarifLineReader.chunkSize, "read up to the line, not all")
        #expect(reader.bytes.count < size)
    }

    @Test("the last line, with or without a newline, and an empty file")
    func lastLines() throws {
        let folder = try TemporaryDirectory()
        let ended = try folder.write("a.sql", "x\né y\n")
        let open = try folder.write("b.sql", "x\né y")
        let empty = try folder.write("c.sql", "")
        for path in [ended, open] {
            var reader = SarifLineReader(path: path)
            #expect(reader.line(2).map { Array($0) } == Array("é y".utf8))
            #expect(reader.line(1).map { Array($0) } == Array("x".utf8))
        }
        var reader = SarifLineReader(path: empty)
        #expect(reader.line(1)?.isEmpty == true, "an empty file has one empty line")
        #expect(reader.line(2) == nil)
        var missing = SarifLineReader(path: folder.path("none.sql"))
        #expect(missing.line(1) == nil)
    }
}
