import Foundation
import KilnTestSupport
import Testing

/// A table whose name alone is wider than the terminal, so every progress line is cut to the most it may take.
private let longTable = "item_" + String(repeating: "with_a_long_name_", count: 6)

/// Ctrl-C typed on a real pseudo-terminal while a progress line fills all it may of the width: the terminal's
/// own `^C` echo lands after the line, and the erase that follows must still leave nothing of it on screen.
@Suite("progress and Ctrl-C on a pseudo-terminal", .serialized)
struct ProgressInterruptTests {
    @Test("Ctrl-C echoed after a progress line cut to the width does not wrap it: nothing of it stays on screen")
    func echoedInterruptIsErased() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/big/0001_create.sql", "CREATE TABLE \(longTable) (id INTEGER PRIMARY KEY, name TEXT);\n")
        var csv = "id,name\n"
        for id in 1...400_000 { csv += "\(id),item \(id)\n" }
        try folder.write("seeds/big/\(longTable).csv", csv)
        #expect(try KilnBinary.run(["migrate", "big", "--db", "big.sqlite"], in: folder.url).status == 0)
        let output = try Self.interrupt(
            ["seed", "big", "--db", "big.sqlite", "--color", "never"], in: folder.url, columns: 80,
            once: { $0.contains("…") })
        let screen = Screen(columns: 80, text: output).rows
        #expect(output.contains("^C"), "the terminal did not echo ^C: \(output.debugDescription)")
        #expect(!screen.contains { $0.contains("seeding") || $0.contains("^") }, "left on screen: \(screen)")
        #expect(screen.contains { $0.hasPrefix("kiln: error: interrupted (SIGINT)") }, "\(screen)")
    }

    /// Runs kiln on a pseudo-terminal `columns` wide, types Ctrl-C once what it drew satisfies `ready` (waiting
    /// for that at most a minute), and returns every byte the terminal received.
    static func interrupt(_ arguments: [String], in directory: URL, columns: Int, once ready: (String) -> Bool) throws
        -> String
    {
        let session = try TerminalSession(arguments, in: directory, columns: columns, typing: true)
        if session.waitUntil(ready) { session.type([0x03]) }
        return session.finish().text
    }
}

/// A terminal screen as xterm keeps it, for the few things kiln writes: characters (one column each), wrapping
/// at the last column, `\r`, `\n`, and `ESC[K` (clear to the end of the row); other escape sequences ignored.
private struct Screen {
    private(set) var rows: [String] = [""]

    /// The screen after `text` is written on a terminal `columns` wide.
    init(columns: Int, text: String) {
        var row = 0
        var column = 0
        var characters: [[Character]] = [[]]
        var scalars = Array(text)[...]
        while let character = scalars.popFirst() {
            switch character {
            case "\r": column = 0
            case "\n", "\r\n":
                row += 1
                column = character == "\r\n" ? 0 : column
            case "\u{1B}":
                var sequence = ""
                while let next = scalars.popFirst() {
                    sequence.append(next)
                    if next.isLetter { break }
                }
                if sequence == "[K" { characters[row].removeSubrange(min(column, characters[row].count)...) }
            default:
                if column == columns {
                    row += 1
                    column = 0
                }
                while characters.count <= row { characters.append([]) }
                while characters[row].count < column { characters[row].append(" ") }
                if column < characters[row].count {
                    characters[row][column] = character
                } else {
                    characters[row].append(character)
                }
                column += 1
            }
            while characters.count <= row { characters.append([]) }
        }
        rows = characters.map { String($0) }
    }
}
