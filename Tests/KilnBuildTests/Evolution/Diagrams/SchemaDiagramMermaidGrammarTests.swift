import Foundation
import Testing

/// Reads Mermaid `erDiagram` text with the lexer rules of Mermaid's grammar (`erDiagram.jison`: first matching
/// rule wins, case-insensitive), in the order the grammar lists them, and parses the statements kiln writes.
/// A line the grammar would read otherwise (a keyword, a direction statement, a key where a word should be,
/// a generic type) fails the parse.
struct MermaidERParser {
    /// An attribute as Mermaid reads it.
    struct Attribute: Equatable {
        var type: String
        var name: String
        var keys: [String]
        var comment: String?
    }

    /// A relationship as Mermaid reads it.
    struct Relationship: Equatable {
        var first: String
        var cardinality: String
        var second: String
        var label: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var entities: [String: [Attribute]] = [:]
    private(set) var entityOrder: [String] = []
    private(set) var relationships: [Relationship] = []

    private typealias Rule = (pattern: String, token: String)

    /// The rules of the initial state, in the grammar's order.
    private static let initialRules: [Rule] = [
        (#"accTitle\s*:\s*"#, "acc_title"), (#"accDescr\s*:\s*"#, "acc_descr"), (#"accDescr\s*\{\s*"#, "acc_descr"),
        (#".*direction\s+TB[^\n]*"#, "direction"), (#".*direction\s+BT[^\n]*"#, "direction"),
        (#".*direction\s+RL[^\n]*"#, "direction"), (#".*direction\s+LR[^\n]*"#, "direction"),
        (#"[ \t\r]+"#, "skip"), (#"\n+"#, "NEWLINE"), (#""[^"%\r\n\x0B\x08\\]+""#, "ENTITY_NAME"),
        (#""[^"]*""#, "WORD"), ("erDiagram", "ER_DIAGRAM"), (#"\{"#, "BLOCK_START"), ("#", "BRKT"),
        (",", "COMMA"), (":::", "STYLE_SEPARATOR"), (":", "COLON"), (#"\["#, "SQS"), (#"\]"#, "SQE"),
        ("style", "STYLE"), ("classDef", "CLASSDEF"), ("class", "CLASS"), ("subgraph", "SUBGRAPH"),
        (#"end\b\s*"#, "END"), ("one or zero", "CARD"), ("one or more", "CARD"), ("one or many", "CARD"),
        (#"1\+"#, "CARD"), (#"\|o"#, "CARD"), ("zero or one", "CARD"), ("zero or more", "CARD"),
        ("zero or many", "CARD"), (#"0\+"#, "CARD"), (#"\}o"#, "CARD"), (#"many\(0\)"#, "CARD"),
        (#"many\(1\)"#, "CARD"), ("many", "CARD"), (#"\}\|"#, "CARD"), ("one", "CARD"), ("only one", "CARD"),
        (#"[0-9]+\.[0-9]+"#, "DECIMAL_NUM"), ("1", "CARD"), (#"[0-9]+"#, "NUM"), (#"\|\|"#, "CARD"),
        (#"o\|"#, "CARD"), (#"o\{"#, "CARD"), (#"\|\{"#, "CARD"), (#"u(?=[.\-|])"#, "MD_PARENT"),
        (#"\.\."#, "REL"), (#"--"#, "REL"), ("to", "REL"), ("optionally to", "REL"), (#"\.-"#, "REL"),
        (#"-\."#, "REL"), (#"([^\x00-\x7F]|[A-Za-z0-9_]|-|\*|\.)+"#, "UNICODE_TEXT"), (".", "CHAR"),
    ]

    /// The rules inside an entity's `{ … }`, in the grammar's order.
    private static let blockRules: [Rule] = [
        (#"\s+"#, "skip"), (#"\b(PK|FK|UK)\b"#, "ATTRIBUTE_KEY"), (#"[^\s]*~.*~[^\s]*"#, "GENERIC_WORD"),
        (#"[*A-Za-z_\u00C0-\uFFFF][A-Za-z0-9\-_\[\]().,\u00C0-\uFFFF*]*"#, "ATTRIBUTE_WORD"), ("`", "BACKTICK"),
        (#""[^"]*""#, "COMMENT"), (#"\}"#, "BLOCK_STOP"), (".", "CHAR"),
    ]

    /// The tokens of `text`, each as (token, text).
    static func tokens(_ text: String) throws -> [(String, String)] {
        var tokens: [(String, String)] = []
        var rest = Substring(text)
        var inBlock = false
        while !rest.isEmpty {
            guard let (token, matched) = try firstMatch(inBlock: inBlock, in: rest) else {
                throw Failure(description: "no rule matches at \(rest.prefix(20))")
            }
            rest = rest.dropFirst(matched.count)
            if token == "BLOCK_START" { inBlock = true }
            if token == "BLOCK_STOP" { inBlock = false }
            if token != "skip" { tokens.append((token, String(matched))) }
        }
        return tokens
    }

    /// Each state's rules compiled once: (token, regex).
    private nonisolated(unsafe) static let compiled: [Bool: [(String, Regex<AnyRegexOutput>)]] = [
        false: initialRules.map(compile), true: blockRules.map(compile),
    ]

    private static func compile(_ rule: Rule) -> (String, Regex<AnyRegexOutput>) {
        do {
            let regex = try Regex(rule.pattern).ignoresCase().matchingSemantics(.unicodeScalar)
                .wordBoundaryKind(.simple).asciiOnlyWordCharacters()
            return (rule.token, regex)
        } catch {
            preconditionFailure("the rule \(rule.pattern) does not compile: \(error)")
        }
    }

    private static func firstMatch(inBlock: Bool, in text: Substring) throws -> (String, Substring)? {
        for (token, regex) in compiled[inBlock] ?? [] {
            if let match = try regex.prefixMatch(in: text), let matched = match.output[0].substring,
                !matched.isEmpty
            {
                return (token, matched)
            }
        }
        return nil
    }

    /// Parses `text`: `erDiagram`, then entities (with or without attributes) and relationships.
    init(_ text: String) throws {
        do {
            try self.init(tokens: try Self.tokens(text))
        } catch let failure as Failure {
            throw Failure(description: "\(failure.description) in:\n\(text)")
        }
    }

    private init(tokens: [(String, String)]) throws {
        var tokens = tokens[...]
        func next(_ expected: Set<String>) throws -> String {
            guard let (token, text) = tokens.popFirst(), expected.contains(token) else {
                throw Failure(
                    description: "expected \(expected.sorted()), found \(tokens.first.map { "\($0)" } ?? "end")")
            }
            return text
        }
        _ = try next(["ER_DIAGRAM"])
        while let (token, _) = tokens.first {
            if token == "NEWLINE" {
                tokens.removeFirst()
                continue
            }
            let name = Self.unquoted(try next(["ENTITY_NAME", "UNICODE_TEXT"]))
            if entities[name] == nil { entityOrder.append(name) }
            entities[name, default: []] += []
            switch tokens.first?.0 {
            case "BLOCK_START":
                tokens.removeFirst()
                entities[name, default: []] += try Self.attributes(&tokens)
            case "CARD":
                let cardinality = try next(["CARD"]) + next(["REL"]) + next(["CARD"])
                let second = Self.unquoted(try next(["ENTITY_NAME", "UNICODE_TEXT"]))
                _ = try next(["COLON"])
                let label = Self.unquoted(try next(["WORD", "ENTITY_NAME"]))
                if entities[second] == nil { entityOrder.append(second) }
                entities[second, default: []] += []
                relationships.append(Relationship(first: name, cardinality: cardinality, second: second, label: label))
            default: break
            }
            _ = try next(["NEWLINE"])
        }
    }

    private static func attributes(_ tokens: inout ArraySlice<(String, String)>) throws -> [Attribute] {
        var attributes: [Attribute] = []
        while let (token, text) = tokens.popFirst(), token != "BLOCK_STOP" {
            guard token == "ATTRIBUTE_WORD", let (nameToken, name) = tokens.popFirst(), nameToken == "ATTRIBUTE_WORD"
            else { throw Failure(description: "an attribute starts with \(token) \(text)") }
            var attribute = Attribute(type: text, name: name, keys: [], comment: nil)
            while tokens.first?.0 == "ATTRIBUTE_KEY" {
                attribute.keys.append(tokens.removeFirst().1.uppercased())
                if tokens.first?.1 == "," { tokens.removeFirst() }
            }
            if tokens.first?.0 == "COMMENT" { attribute.comment = unquoted(tokens.removeFirst().1) }
            attributes.append(attribute)
        }
        return attributes
    }

    private static func unquoted(_ text: String) -> String {
        text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }
}

@Suite("The Mermaid grammar reader the diagram tests use")
struct SchemaDiagramMermaidGrammarTests {
    @Test("it refuses what Mermaid misreads: an unquoted keyword, a key as a name, a direction in a name")
    func refusesWhatMermaidMisreads() throws {
        #expect(try MermaidERParser("erDiagram\n    country {\n    }\n").entityOrder == ["country"])
        #expect(throws: MermaidERParser.Failure.self) { try MermaidERParser("erDiagram\n    topic\n") }
        #expect(throws: MermaidERParser.Failure.self) { try MermaidERParser("erDiagram\n    one {\n    }\n") }
        #expect(throws: MermaidERParser.Failure.self) {
            try MermaidERParser("erDiagram\n    \"t\" {\n        TEXT pk\n    }\n")
        }
        #expect(throws: MermaidERParser.Failure.self) {
            try MermaidERParser("erDiagram\n    \"a direction LR\" {\n    }\n")
        }
        #expect(throws: MermaidERParser.Failure.self) { try MermaidERParser("erDiagram\n    \"a\\\"b\" {\n    }\n") }
        #expect(throws: MermaidERParser.Failure.self) {
            try MermaidERParser("erDiagram\n    \"t\" {\n        TEXT x \"~a~\"\n    }\n")
        }
    }

    @Test("it reads entities, attributes with keys and comments, and relationships")
    func readsTheSubset() throws {
        let parsed = try MermaidERParser(
            "erDiagram\n    \"a b\" {\n        INTEGER id PK, FK \"NOT NULL\"\n    }\n    \"c\" }o--|| \"a b\" : \"x, y\"\n"
        )
        #expect(
            parsed.entities["a b"] == [.init(type: "INTEGER", name: "id", keys: ["PK", "FK"], comment: "NOT NULL")])
        #expect(parsed.relationships == [.init(first: "c", cardinality: "}o--||", second: "a b", label: "x, y")])
    }
}
