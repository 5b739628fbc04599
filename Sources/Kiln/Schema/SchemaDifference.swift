/// One way in which a database's schema differs from the schema it is expected to have.
///
/// A missing or extra table, column, index, view or trigger is one difference; a table or index defined
/// differently gives one difference per aspect, with a ``Detail`` saying which (`table note: column pinned:
/// type TEXT → INTEGER`). `compare(expected:actual:ignoringTables:)` finds them.
public struct SchemaDifference: Equatable, Sendable, CustomStringConvertible, Encodable {
    /// How the object differs.
    public enum Kind: String, Sendable, Encodable {
        /// Expected, but the database lacks it.
        case missing
        /// The database has it, but it is not expected.
        case extra
        /// Both have it, defined differently.
        case changed
    }

    /// One aspect in which a table or index differs: a column's type, a CHECK constraint, a foreign key's
    /// action, the column order, a partial index's condition.
    public struct Detail: Equatable, Sendable, CustomStringConvertible, Encodable {
        /// What differs, e.g. `column pinned`, `CHECK (price >= 0)`, `foreign key (author_id)`, `WHERE`.
        public let subject: String
        /// Which property of the subject differs, e.g. `type`, `ON DELETE`; nil when the subject itself does.
        public let aspect: String?
        /// Whether the subject is missing, extra, or changed.
        public let change: Kind
        /// For a change: the expected value.
        public let expected: String?
        /// For a change: the value found.
        public let found: String?

        /// Creates a detail from its parts.
        public init(subject: String, aspect: String? = nil, change: Kind, expected: String? = nil, found: String? = nil)
        {
            self.subject = subject
            self.aspect = aspect
            self.change = change
            self.expected = expected
            self.found = found
        }

        /// `column pinned: type TEXT → INTEGER`, `CHECK (price >= 0): missing`.
        public var description: String {
            switch change {
            case .missing, .extra: "\(subject): \(change.rawValue)"
            case .changed:
                "\(subject): \(aspect.map { "\($0) " } ?? "")\(expected ?? "none") → \(found ?? "none")"
            }
        }
    }

    /// How it differs.
    public let kind: Kind
    /// `table`, `column`, `index`, `view` or `trigger`.
    public let objectType: String
    /// The object's name; a column is named `table.column`.
    public let name: String
    /// For ``Kind/changed``: the expected definition or value.
    public let expected: String?
    /// For ``Kind/changed``: the definition or value found.
    public let found: String?
    /// For a changed table or index: the aspect that differs.
    public let detail: Detail?
    /// For a missing or extra column: its table's name (``name`` joins it to the column's with a `.`, which a
    /// quoted name may contain too); nil otherwise.
    public let table: String?

    /// Creates a difference from its parts.
    public init(
        kind: Kind, objectType: String, name: String, expected: String? = nil, found: String? = nil,
        detail: Detail? = nil, table: String? = nil
    ) {
        self.kind = kind
        self.objectType = objectType
        self.name = name
        self.expected = expected ?? detail?.expected
        self.found = found ?? detail?.found
        self.detail = detail
        self.table = table
    }

    /// The table or other object of the schema the difference is about: a column's table, else ``name``.
    public var objectName: String { table ?? name }

    /// A changed table or index, described by one detail.
    static func changed(_ objectType: String, _ name: String, _ detail: Detail) -> SchemaDifference {
        SchemaDifference(kind: .changed, objectType: objectType, name: name, detail: detail)
    }

    /// `missing index note_by_date`, `table note: column pinned: type TEXT → INTEGER`.
    public var description: String {
        if let detail { return "\(objectType) \(name): \(detail)" }
        return switch kind {
        case .missing: "missing \(objectType) \(name)"
        case .extra: "extra \(objectType) \(name)"
        case .changed: "\(objectType) \(name) differs: expected `\(expected ?? "")`, found `\(found ?? "")`"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case kind, objectType, name, table, expected, found, detail, description
    }

    /// Encodes kind, objectType, name, table, expected/found and detail when present, and the description.
    ///
    /// - Throws: the encoder's errors.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(objectType, forKey: .objectType)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(table, forKey: .table)
        try container.encodeIfPresent(expected, forKey: .expected)
        try container.encodeIfPresent(found, forKey: .found)
        try container.encodeIfPresent(detail, forKey: .detail)
        try container.encode(description, forKey: .description)
    }
}
