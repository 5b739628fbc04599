import Kiln

/// The named queries of a queries file: each `-- name: <Name> :<shape>` comment line, with the `-- param:`
/// lines after it, names the statement that follows it. Statements without a name stay as they are, checked
/// by `kiln check` but given no Swift function.
///
/// ```sql
/// -- name: CountriesByRegion :many
/// -- param: limit Int64
/// SELECT id, title FROM country WHERE region = :region LIMIT :limit;
/// ```
package enum NamedQueries {
    /// The named queries of `file`, in file order.
    ///
    /// - Throws: ``NamedQueryError`` with every problem of every header, located.
    static func read(_ file: SQLFile) throws -> [NamedQuery] {
        var reader = HeaderReader(source: file.source)
        var start = 0
        for statement in file.statements {
            reader.read(gap: start..<statement.range.lowerBound, before: statement)
            start = statement.range.upperBound
        }
        reader.read(gap: start..<file.source.bytes.count, before: nil)
        if !reader.problems.isEmpty { throw NamedQueryError(reader.problems) }
        return reader.queries
    }
}

/// Reads the comments between statements, collecting queries and problems.
private struct HeaderReader {
    let source: SourceText
    var queries: [NamedQuery] = []
    var problems: [NamedQueryError.Problem] = []
    /// The header being read: name, shape, where the name is, its parameter lines.
    private var pending: (name: String, shape: NamedQuery.Shape?, location: SourceLocation)?
    private var parameters: [String: NamedQuery.LocatedType] = [:]

    init(source: SourceText) { self.source = source }

    /// Reads the comments in `gap`, then gives a pending name `statement`.
    mutating func read(gap: Range<Int>, before statement: SQLStatementRange?) {
        for line in CommentLines(bytes: source.bytes, range: gap) { read(line) }
        guard let header = pending else { return }
        pending = nil
        guard let statement else {
            problems.append(.init(.nameWithoutStatement(header.name), at: header.location))
            return
        }
        guard let shape = header.shape else { return }
        if let first = queries.first(where: { $0.name == header.name }) {
            problems.append(.init(.duplicateName(header.name, first: first.nameLocation), at: header.location))
            return
        }
        queries.append(
            NamedQuery(
                name: header.name, shape: shape, nameLocation: header.location, statement: statement,
                parameterTypes: parameters))
    }

    /// One `--` comment's text (after the dashes) and where that text starts.
    private mutating func read(_ line: (text: Substring, start: Int)) {
        let words = Words(line.text, start: line.start)
        guard let keyword = words.first else { return }
        switch keyword.text {
        case "name:": readName(words.rest)
        case "param:": readParameter(words.rest, line: line)
        default: return
        }
    }

    private mutating func readName(_ words: [Words.Word]) {
        if let header = pending {
            problems.append(.init(.nameWithoutStatement(header.name), at: header.location))
        }
        parameters = [:]
        guard let name = words.first else {
            pending = nil
            return
        }
        let location = source.location(ofByte: name.start)
        var shape: NamedQuery.Shape?
        if words.count < 2 {
            problems.append(.init(.missingShape(name: String(name.text)), at: location))
        } else if let known = words[1].text.first == ":"
            ? NamedQuery.Shape(rawValue: String(words[1].text.dropFirst())) : nil,
            words.count == 2
        {
            shape = known
        } else {
            let wrong = words.count == 2 ? words[1] : words[2]
            problems.append(.init(.unknownShape(String(wrong.text)), at: source.location(ofByte: wrong.start)))
        }
        if !SwiftName.isIdentifier(String(name.text))
            || SwiftName.keywords.contains(SwiftName.lowerCamel(String(name.text)))
        {
            problems.append(.init(.invalidName(String(name.text)), at: location))
            shape = nil
        }
        pending = (String(name.text), shape, location)
    }

    private mutating func readParameter(_ words: [Words.Word], line: (text: Substring, start: Int)) {
        let text = "--" + line.text
        guard pending != nil, words.count == 2, let key = ParameterKey.written(String(words[0].text)) else {
            problems.append(.init(.malformedParameterLine(text), at: source.location(ofByte: line.start - 2)))
            return
        }
        let type = String(words[1].text)
        let location = source.location(ofByte: words[1].start)
        guard SwiftName.isType(type) else {
            problems.append(.init(.invalidType(type), at: location))
            return
        }
        parameters[key] = NamedQuery.LocatedType(type: type, location: location)
    }
}

/// The words of a comment line, each with the offset of its first byte.
private struct Words {
    struct Word {
        let text: Substring
        let start: Int
    }

    let all: [Word]
    var first: Word? { all.first }
    var rest: [Word] { Array(all.dropFirst()) }

    init(_ text: Substring, start: Int) {
        var words: [Word] = []
        var offset = start
        var current: (Substring.Index, Int)?
        for index in text.indices {
            let isSpace = text[index] == " " || text[index] == "\t" || text[index] == "\r"
            if isSpace, let (begin, at) = current {
                words.append(Word(text: text[begin..<index], start: at))
                current = nil
            } else if !isSpace, current == nil {
                current = (index, offset)
            }
            offset += text[index].utf8.count
        }
        if let (begin, at) = current { words.append(Word(text: text[begin...], start: at)) }
        all = words
    }
}
