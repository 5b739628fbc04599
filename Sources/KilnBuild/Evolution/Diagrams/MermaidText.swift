/// The pieces of Mermaid `erDiagram` text whose spelling its grammar restricts, made from any SQLite name.
///
/// Mermaid's lexer (`erDiagram.jison`, quoted entity names since Mermaid 9.2) takes the first rule that
/// matches, case-insensitively:
/// - an entity name is written quoted (unquoted names that begin like a keyword, `one`, `to`, `end`, `class`,
///   … are misread); a quoted name may not hold `"`, `%`, `\` or a line break, and a line holding
///   `direction TB` (or BT, RL, LR) anywhere is read as a direction statement;
/// - an attribute's type and name are single words of letters, digits and `_` not starting with a digit
///   (older versions take nothing else), and `PK`, `FK`, `UK` alone are keys, not words;
/// - a comment is `"…"` without `"` (and a `~` pair in it is read as a generic type).
///
/// `#word;` is taken as an entity code and `%%{` as a directive anywhere in the text, so `#` and `%` are
/// replaced too.
enum MermaidText {
    /// `text` quoted, as an entity name or relationship label: see ``name(_:)``.
    static func quoted(_ text: String) -> String { "\"\(name(text))\"" }

    /// `text` as the inside of a quoted entity name or relationship label: characters the grammar refuses are
    /// replaced (`"` by `'`, `\` by `/`, `%` and `#` by `_`, control characters by a space), `direction TB`
    /// becomes `direction_TB`, and nothing becomes `_`.
    static func name(_ text: String) -> String {
        var mapped = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "\"": "'"
                    case "\\": "/"
                    case "%", "#": "_"
                    case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
                    default: scalar
                    }
                }))
        mapped = mapped.replacing(/(?i)(direction)\s+(tb|bt|rl|lr)/) { "\($0.output.1)_\($0.output.2)" }
        return mapped.isEmpty ? "_" : mapped
    }

    /// `name` as an attribute name: every character but ASCII letters, digits and `_` becomes `_`, a leading
    /// digit gets a `_` before it, a name the lexer would read as a key (`PK`, `FK`, `UK`) gets one after, and
    /// no name is `_`.
    static func word(_ name: String) -> String {
        let mapped = String(
            String.UnicodeScalarView(name.unicodeScalars.map { isWordCharacter($0) ? $0 : "_" }))
        return mapped.isEmpty ? "_" : guarded(mapped)
    }

    /// `type` (a declared type) as an attribute type: runs of other characters become one `_`, trailing ones
    /// are dropped (`VARCHAR(20)` → `VARCHAR_20`, `DOUBLE PRECISION` → `DOUBLE_PRECISION`), no type is `ANY`.
    static func typeWord(_ type: String) -> String {
        var mapped = ""
        for scalar in type.unicodeScalars {
            if isWordCharacter(scalar) {
                mapped.unicodeScalars.append(scalar)
            } else if !mapped.isEmpty && !mapped.hasSuffix("_") {
                mapped += "_"
            }
        }
        while mapped.hasSuffix("_") { mapped.removeLast() }
        return mapped.isEmpty ? "ANY" : guarded(mapped)
    }

    /// `notes` joined as an attribute comment, or nil when there are none.
    static func comment(_ notes: [String]) -> String? {
        guard !notes.isEmpty else { return nil }
        let text = notes.joined(separator: ", ").unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "'"
            case "~": "-"
            case "%", "#": "_"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
            default: String(scalar)
            }
        }
        return "\"\(text.joined())\""
    }

    /// `names` mapped by `map` and made distinct: a name `map` keeps as it is keeps it, a mapped one that
    /// meets another gets `_2`, `_3`, … after it. `fold` says which spellings count as the same.
    static func distinct(_ names: [String], map: (String) -> String, fold: (String) -> String = { $0 }) -> [String] {
        let mapped = names.map(map)
        var used = Set(zip(names, mapped).filter { $0 == $1 }.map { fold($0.1) })
        return zip(names, mapped).map { name, word in
            guard word != name else { return word }
            var answer = word
            var suffix = 2
            while used.contains(fold(answer)) {
                answer = "\(word)_\(suffix)"
                suffix += 1
            }
            used.insert(fold(answer))
            return answer
        }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    /// A word that starts with a digit gets `_` before it; `PK`, `FK`, `UK` get `_` after them.
    private static func guarded(_ word: String) -> String {
        var word = word
        if let first = word.unicodeScalars.first, ("0"..."9").contains(first) { word = "_" + word }
        if ["PK", "FK", "UK"].contains(word.uppercased()) { word += "_" }
        return word
    }
}
