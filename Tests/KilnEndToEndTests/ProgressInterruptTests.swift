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

    /// Runs kiln on a pseudo-terminal `columns` wide (util-linux `script`), types Ctrl-C once what it drew
    /// satisfies `ready`, and returns every byte the terminal received.
    static func interrupt(
        _ arguments: [String], in directory: URL, columns: Int, once ready: @escaping @Sendable (String) -> Bool
    ) throws -> String {
        let command = ([KilnBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols \(columns) rows 40; exec \(command)", "/dev/null"]
        process.currentDirectoryURL = directory
        var environment = TestEnvironment.kiln
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let received = Received()
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = received.append(handle.availableData)
            if ready(text), received.markSent() { input.fileHandleForWriting.write(Data([0x03])) }
        }
        try process.run()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        return received.text
    }
}

/// Bytes read from the terminal so far, and whether Ctrl-C was typed, safe from the reading thread.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var sent = false

    /// Adds `more` and returns everything so far as text.
    @discardableResult
    func append(_ more: Data) -> String {
        lock.withLock {
            data.append(more)
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// Everything read, as text.
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Records that Ctrl-C is typed; false when it already was.
    func markSent() -> Bool {
        lock.withLock {
            defer { sent = true }
            return !sent
        }
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
