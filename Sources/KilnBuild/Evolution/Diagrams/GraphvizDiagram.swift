import Kiln

/// A Graphviz digraph of a schema: a node per table whose HTML-like label is a table of its columns (name,
/// type, keys and notes), and an edge per foreign key from the child column's row to the parent column's row.
///
/// Node and port identifiers are made up (`t0`, `c0`, …), so no name needs escaping outside a label; labels
/// escape `&`, `<`, `>` and `"` as HTML does. Edge ends are crow's feet: the child end `crowodot` (zero or
/// many) or `teeodot` when the child columns are unique, the parent end `teetee` (exactly one) or `teeodot`
/// when a child column can be NULL. A parent the schema lacks is drawn as a dashed box. Views are not drawn
/// (see ``DiagramSchema``).
struct GraphvizDiagram {
    private let schema: DiagramSchema
    private let name: String
    /// The node of every table and of every missing parent, by folded table name, numbered in order.
    private let nodes: [SQLIdentifierKey: String]
    /// The parents foreign keys name that the schema lacks, each once, in the order they are first named.
    private let missingParents: [String]

    /// The diagram of `model`, whose graph is called `name`.
    init(_ model: SchemaModel, name: String) {
        schema = DiagramSchema(model)
        self.name = name
        var nodes: [SQLIdentifierKey: String] = [:]
        var missing: [String] = []
        for table in schema.tables { nodes[table.name.identifierKey] = "t\(nodes.count)" }
        for edge in schema.edges where nodes[edge.parent.identifierKey] == nil {
            nodes[edge.parent.identifierKey] = "t\(nodes.count)"
            missing.append(edge.parent)
        }
        self.nodes = nodes
        self.missingParents = missing
    }

    /// The whole graph, ending with a line break.
    var text: String {
        var lines = [
            "digraph \(Self.quoted(name)) {",
            "    graph [rankdir=LR, labelloc=t, label=<\(Self.escaped(name))>];",
            "    node [shape=plaintext, fontname=\"Helvetica\"];",
            "    edge [dir=both, fontname=\"Helvetica\", fontsize=10];",
        ]
        for table in schema.tables { lines.append("    \(node(table.name)) [label=<\(label(table))>];") }
        for parent in missingParents {
            lines.append("    \(node(parent)) [shape=box, style=dashed, label=<\(Self.escaped(parent))>];")
        }
        lines += schema.edges.map { "    " + edgeStatement($0) }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private func node(_ table: String) -> String { nodes[table.identifierKey] ?? "t_" }

    /// The HTML-like table: a header row with the table's name, then a row per column with its port.
    private func label(_ table: SchemaModel.Table) -> String {
        var title = "<B>\(Self.escaped(table.name))</B>"
        let kinds = [
            table.isWithoutRowID ? "WITHOUT ROWID" : nil, table.isStrict ? "STRICT" : nil,
            table.virtualDefinition != nil ? "VIRTUAL" : nil,
        ].compactMap { $0 }
        if !kinds.isEmpty { title += " <I>\(kinds.joined(separator: ", "))</I>" }
        var rows = ["<TR><TD COLSPAN=\"3\" BGCOLOR=\"lightgrey\">\(title)</TD></TR>"]
        for (position, column) in DiagramSchema.columns(of: table).enumerated() {
            let keys = schema.keys(of: column, in: table).map(\.rawValue)
            let notes = (keys + DiagramSchema.notes(of: column, in: table)).joined(separator: ", ")
            rows.append(
                "<TR><TD PORT=\"c\(position)\" ALIGN=\"LEFT\">\(Self.escaped(column.name))</TD>"
                    + "<TD ALIGN=\"LEFT\">\(Self.escaped(column.declaredType))</TD>"
                    + "<TD ALIGN=\"LEFT\">\(Self.escaped(notes))</TD></TR>")
        }
        return "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">" + rows.joined() + "</TABLE>"
    }

    /// `child:port -> parent:port [ends, label]`.
    private func edgeStatement(_ edge: DiagramSchema.Edge) -> String {
        var child = node(edge.child)
        if let table = schema.table(named: edge.child), let first = edge.columns.first,
            let position = schema.column(first, of: table)
        {
            child += ":c\(position)"
        }
        var parent = node(edge.parent)
        if let position = schema.parentColumn(of: edge) { parent += ":c\(position)" }
        let tail = edge.isUnique ? "teeodot" : "crowodot"
        let head = edge.isOptional ? "teeodot" : "teetee"
        let label = Self.escaped(edge.columns.joined(separator: ", "))
        return "\(child) -> \(parent) [arrowtail=\(tail), arrowhead=\(head), label=<\(label)>];"
    }

    /// `text` for an HTML-like label: `&`, `<`, `>`, `"` as entities; control characters, which XML refuses,
    /// as a space.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
            default: String(scalar)
            }
        }.joined()
    }

    /// `text` as a DOT quoted string. DOT escapes only `"` (as `\"`) and has no way to end a string with a
    /// backslash, so `\` becomes `/`; a line break would continue the line, so control characters become spaces.
    static func quoted(_ text: String) -> String {
        let inside = text.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "/"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: " "
            default: String(scalar)
            }
        }.joined()
        return "\"\(inside)\""
    }
}
