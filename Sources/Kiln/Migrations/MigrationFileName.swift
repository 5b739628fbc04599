/// The rule for migration file names: `<version>_<slug>.sql`, where the version is a positive decimal
/// integer that fits `PRAGMA user_version` (a signed 32-bit integer) and the slug is letters, digits, `_` and
/// `-`.
public enum MigrationFileName {
    /// What a name means, or why it is not a migration name.
    package enum Parsed: Equatable, Sendable {
        /// A valid name.
        case migration(version: Int32, slug: String)
        /// A `.sql` file whose name breaks the rule.
        case invalid(Problem)
        /// Not a `.sql` file: not a migration at all.
        case notSQL
    }

    /// How a `.sql` file's name breaks the rule.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// The extension is `.SQL` or another spelling, not `.sql`.
        case extensionNotLowercase
        /// There is no `_` between the version and the description.
        case missingSeparator
        /// The name does not start with a version number.
        case missingVersion
        /// The description is empty or holds characters other than letters, digits, `_` and `-`.
        case invalidDescription
        /// The version is 0.
        case versionZero
        /// The version (its digits without leading zeros) does not fit `PRAGMA user_version`.
        case versionTooLarge(String)

        /// What is wrong, lowercase.
        public var description: String {
            switch self {
            case .extensionNotLowercase: "the extension must be lowercase '.sql'"
            case .missingSeparator: "the name must be '<version>_<description>.sql', e.g. '0001_create_table.sql'"
            case .missingVersion: "the name must start with a version number, e.g. '0001_create_table.sql'"
            case .invalidDescription: "the description after the version may only hold letters, digits, '_' and '-'"
            case .versionZero: "version 0 is the empty database; versions start at 1"
            case .versionTooLarge(let digits):
                "version \(digits) does not fit PRAGMA user_version (at most \(Int32.max))"
            }
        }
    }

    /// Parses a file name (not a path).
    ///
    /// - Returns: the version and slug, or the rule the name breaks, or ``Parsed/notSQL``.
    package static func parse(_ name: String) -> Parsed {
        guard name.lowercased().hasSuffix(".sql") else { return .notSQL }
        guard name.hasSuffix(".sql") else { return .invalid(.extensionNotLowercase) }
        let stem = name.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_") else { return .invalid(.missingSeparator) }
        let digits = stem[..<underscore]
        let slug = String(stem[stem.index(after: underscore)...])
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .invalid(.missingVersion)
        }
        guard !slug.isEmpty,
            slug.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        else {
            return .invalid(.invalidDescription)
        }
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { return .invalid(.versionZero) }
        guard significant.count <= 10, let version = Int32(significant) else {
            return .invalid(.versionTooLarge(String(significant)))
        }
        return .migration(version: version, slug: slug)
    }

    /// The file name for a new migration: the version padded to four digits, the words lowercased and joined
    /// with `_`, e.g. `0003_add_iso2_column.sql`; the slug cut at `maximumSlugLength` characters when given
    /// (`kiln plan` names a file after a table, whose name may be longer than a file name can be).
    ///
    /// - Returns: the name.
    package static func make(version: Int32, words: [String], maximumSlugLength: Int = .max) -> String {
        let padded = String(repeating: "0", count: max(0, 4 - String(version).count)) + String(version)
        var slug = ""
        for character in words.joined(separator: " ").lowercased() where slug.count < maximumSlugLength {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.isEmpty && slug.last != "_" {
                slug.append("_")
            }
        }
        while slug.hasSuffix("_") { slug.removeLast() }
        return "\(padded)_\(slug.isEmpty ? "migration" : slug).sql"
    }
}
