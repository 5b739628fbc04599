import Foundation
import Kiln
import KilnTestSupport
import Testing

/// The shell sessions of README.md and docs/*.md: each fenced sh, bash, console or shell block says, on the line
/// before its fence, whether a test runs it (`<!-- run: <what runs it> -->`) or it is only an example
/// (`<!-- illustrative -->`); the README's blocks marked `<!-- run: DocSessionTests -->`, the five-minute walk,
/// are run here in order, in one shell, with the built kiln first on PATH, so the walk is true.
@Suite("the docs' shell sessions are run or marked illustrative, and the README's walk runs")
struct DocSessionTests {
    /// The repository's root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The marker of the blocks this suite runs.
    static let walkMarker = "<!-- run: DocSessionTests -->"

    /// One fenced block of a shell language.
    struct ShellBlock {
        /// The file, from the repository's root, and the fence's line (1-based).
        let place: String
        /// The line before the fence, trimmed.
        let lineBefore: String
        /// The lines between the fences.
        let body: String

        /// Whether the line before says who runs it, or that it is an example.
        var isMarked: Bool {
            lineBefore == "<!-- illustrative -->"
                || (lineBefore.hasPrefix("<!-- run: ") && lineBefore.hasSuffix(" -->")
                    && lineBefore.count > "<!-- run:  -->".count)
        }
    }

    /// The languages whose blocks are shell sessions.
    static let shellLanguages: Set<String> = ["sh", "bash", "console", "shell"]

    /// README.md, then docs/*.md by name.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The shell blocks of one document.
    static func shellBlocks(of relative: String) throws -> [ShellBlock] {
        let text = try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [ShellBlock] = []
        var open: (index: Int, language: String)?
        var body: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let opened = open {
                guard trimmed == "```" else {
                    body.append(line)
                    continue
                }
                if shellLanguages.contains(opened.language) {
                    let before = opened.index > 0 ? lines[opened.index - 1].trimmingCharacters(in: .whitespaces) : ""
                    blocks.append(
                        ShellBlock(
                            place: "\(relative):\(opened.index + 1)", lineBefore: before,
                            body: body.joined(separator: "\n")))
                }
                open = nil
                body = []
            } else if trimmed.hasPrefix("```") {
                open = (index, String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            }
        }
        return blocks
    }

    @Test("every shell block of README.md and docs/*.md is marked as run by a test or as illustrative")
    func everyShellBlockIsMarked() throws {
        var count = 0
        for document in try Self.documents() {
            for block in try Self.shellBlocks(of: document) {
                count += 1
                #expect(
                    block.isMarked,
                    """
                    \(block.place): a shell block without a marker: put <!-- illustrative --> or \
                    <!-- run: <the test that runs it> --> on the line before its fence
                    """)
            }
        }
        #expect(count >= 10, "the docs' shell blocks were not found (\(count))")
    }

    @Test("only the README's walk is marked as run by this suite, and it has the walk's steps")
    func walkIsTheReadmes() throws {
        for document in try Self.documents() where document != "README.md" {
            for block in try Self.shellBlocks(of: document) {
                #expect(block.lineBefore != Self.walkMarker, "\(block.place): DocSessionTests runs only README.md's walk")
            }
        }
        let walk = try Self.walk()
        for step in ["kiln init", "kiln migrate", "kiln seed", "kiln new", "kiln build", "kiln check"] {
            #expect(walk.contains(step), "the walk has no \(step)")
        }
    }

    /// The README's walk: its blocks marked as run by this suite, in order, as one script.
    static func walk() throws -> String {
        try shellBlocks(of: "README.md").filter { $0.lineBefore == walkMarker }.map(\.body).joined(separator: "\n")
    }

    @Test("the README's five-minute walk runs with the built kiln in an empty folder and builds and checks the project")
    func walkRuns() throws {
        let folder = try TemporaryDirectory()
        let script = "set -eu\n" + (try Self.walk()) + "\n"
        let log = folder.url.appendingPathComponent("walk.log")
        try Data().write(to: log)
        let output = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder.url
        var environment = TestEnvironment.kiln
        environment["PATH"] = KilnBinary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        let transcript = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 0, "the walk failed:\n\(script)\n--- its output:\n\(transcript)")
        #expect(folder.exists("shop/build/shop.sqlite"), "\(transcript)")
        #expect(folder.exists("shop/build/kiln-manifest.json"), "\(transcript)")
        #expect(folder.exists("shop/migrations/shop/kiln.sum"), "\(transcript)")
        // The development database kiln.json names, made by 'kiln migrate' with no arguments, at version 2.
        #expect(transcript.contains("shop: dev/shop.sqlite is at version 1 of 1\n"), "\(transcript)")
        let development = try SQLiteConnection(path: folder.path("shop/dev/shop.sqlite"))
        #expect(try Migrator.version(of: development) == 2)
        #expect(try development.integer(sql: "SELECT count(*) FROM item") == 2)
    }
}
