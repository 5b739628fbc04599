import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

@Suite("kiln.json comments (JSONC)")
struct JSONCommentTests {
    private func error(_ json: String) throws -> ConfigurationError {
        try #require(throws: ConfigurationError.self) { try KilnConfiguration.parse(Array(json.utf8)) }
    }

    @Test("// and /* */ comments are white space anywhere white space may stand, also around the document")
    func comments() throws {
        let json = """
            // leading line comment
            /* leading block */ { // after a brace
              "schemaFile" /* between key and colon */ : /* before a value */ true, // after a comma
              "databases": { /* an empty object with a comment */ }
              /* multi
                 line */
            } // trailing
            """
        let configuration = try KilnConfiguration.parse(Array(json.utf8))
        #expect(configuration.schemaFile == true)
        #expect(configuration.databases.isEmpty)
    }

    @Test("an error after comments is where it is with the comments blanked out: lines and columns unchanged")
    func laterLocation() throws {
        let commented = """
            {
              // "output": "commented out",
              /* a block
                 over lines */ "databases": { "a": { "output": "x/a.sqlite" } }
            }
            """
        // The same text with each comment's bytes turned into spaces (line feeds kept).
        var blanked = commented
        for comment in [#"// "output": "commented out","#, "/* a block", "over lines */"] {
            blanked = blanked.replacingOccurrences(of: comment, with: String(repeating: " ", count: comment.utf8.count))
        }
        #expect(blanked.utf8.count == commented.utf8.count && !blanked.contains("//"))
        let expected = SourceLocation(path: "kiln.json", line: 4, column: 52)
        #expect(try error(commented).problems.first?.location == expected)
        #expect(try error(blanked).problems.first?.location == expected)
        let syntax = try self.error("{\n  // fine\n  \"schemaFile\": tru\n}")
        #expect(syntax.problems.first?.location == SourceLocation(path: "kiln.json", line: 3, column: 20))
    }

    @Test("an unterminated block comment is an error at its '/*'")
    func unterminated() throws {
        let error = try error("{\n  \"schemaFile\": true /* never closed\n}\n")
        #expect(error.problems.first?.location == SourceLocation(path: "kiln.json", line: 2, column: 22))
        #expect(error.diagnostics.first?.hint == "a '/*' comment must be closed with '*/'")
    }

    @Test("comment markers inside strings are text, and a lone '/' is still refused")
    func insideStrings() throws {
        let value = try JSONParser.parse(Array(#"["a//b", "/*c*/"] // end"#.utf8))
        guard case .array(let elements) = value.kind else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.string) == ["a//b", "/*c*/"])
        #expect(formattedDiagnostics(try error("{ / }")).first?.hasPrefix("kiln.json:1:3: error:") == true)
    }
}
