import Foundation
import Kiln

/// The value of `--each`: a folder, a glob or a file, as typed, and resolved against the command's current
/// folder (the walk opens the resolved pattern; lines show each file as the user spelled its root).
struct FleetPatternPath: CommandLineValue, Equatable {
    /// The pattern as typed, e.g. `tenants/*.db`.
    let text: String
    /// The pattern to walk: `text` when absolute, else `text` after the current folder and a `/`.
    let path: String
    /// What ``path`` starts with when `text` is relative (the current folder and a `/`), empty otherwise:
    /// dropping it from a file's path gives the path as the user spelled it.
    let resolvedPrefix: String

    /// Resolves `text` against `currentDirectory` without normalizing it, so the root keeps its spelling.
    init(_ text: String, currentDirectory: URL) {
        self.text = text
        if text.hasPrefix("/") {
            resolvedPrefix = ""
        } else {
            let folder = currentDirectory.path
            resolvedPrefix = folder.hasSuffix("/") ? folder : folder + "/"
        }
        path = resolvedPrefix + text
    }

    /// Reads the text given to `--each`.
    init(commandLine text: String, option: String, context: ParsingContext) throws {
        guard !text.isEmpty else {
            throw UsageError(
                message: "'\(option)' takes a folder or a quoted glob such as 'tenants/*.db', not an empty word",
                hint: nil, command: context.command)
        }
        self.init(text, currentDirectory: context.currentDirectory)
    }

    /// The folder a relative pattern is read from (the current folder), or nil for an absolute pattern: given
    /// to the walk apart from the pattern, so a `[` or `*` in the current folder's path is never a wildcard.
    var folder: String? {
        guard !resolvedPrefix.isEmpty else { return nil }
        return resolvedPrefix == "/" ? "/" : String(resolvedPrefix.dropLast())
    }

    /// A file's path as the user would type it from the current folder (`tenants/a.db`), or as walked when the
    /// pattern was absolute; a control character in it shown as an escape (``OneLineText``).
    func shown(_ file: FleetFile) -> String {
        guard !resolvedPrefix.isEmpty, file.path.hasPrefix(resolvedPrefix) else {
            return OneLineText.escaped(file.path)
        }
        return OneLineText.escaped(String(file.path.dropFirst(resolvedPrefix.count)))
    }
}

/// The value of `--jobs`: how many files are migrated at once, from 1 to ``maximum``.
struct JobCount: CommandLineValue, Equatable {
    /// The most `--jobs` accepts.
    static let maximum = 256
    /// How many.
    let value: Int

    /// A count known to be in range.
    init(_ value: Int) { self.value = min(max(value, 1), Self.maximum) }

    /// Reads the text given to `--jobs`.
    ///
    /// - Throws: ``UsageError`` for anything but a whole number from 1 to 256.
    init(commandLine text: String, option: String, context: ParsingContext) throws {
        guard let value = Int(text), (1...Self.maximum).contains(value) else {
            throw UsageError(
                message: "'\(option)' takes a number of files at once from 1 to \(Self.maximum), not '\(text)'",
                hint: nil, command: context.command)
        }
        self.value = value
    }
}

extension FleetShard: CommandLineValue {
    /// Reads `K/N` as given to `--shard`: slice K of N, counted from 1.
    ///
    /// - Throws: ``UsageError`` for anything but two whole numbers with 1 ≤ K ≤ N.
    public init(commandLine text: String, option: String, context: ParsingContext) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        // Digits only: `Int` would also take `+1`, which a script computing K should never produce.
        let digits = parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.count == 2, digits, let index = Int(parts[0]), let count = Int(parts[1]),
            let shard = FleetShard(index: index, count: count)
        else {
            throw UsageError(
                message: "'\(option)' takes K/N, slice K of N counted from 1 (1/3, 2/3, 3/3), not '\(text)'",
                hint: nil, command: context.command)
        }
        self = shard
    }
}
