/// A JSON value read by ``JSONParser``, with the byte offset where it starts, so a problem with any key or
/// value can point at its line and column.
package struct JSONValue: Sendable, Equatable {
    /// One `"key": value` member of an object, in document order.
    package struct Member: Sendable, Equatable {
        /// The key, unescaped.
        package let key: String
        /// The byte offset of the key's opening quote.
        package let keyOffset: Int
        /// The value.
        package let value: JSONValue
    }

    /// What the value is.
    package enum Kind: Sendable, Equatable {
        /// `{ … }`, members in document order (keys are unique: the parser refuses duplicates).
        case object([Member])
        /// `[ … ]`.
        case array([JSONValue])
        /// A string, unescaped.
        case string(String)
        /// A number, as its literal text (`12`, `-1.5e3`), so integers of any size stay exact.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// What the value is.
    package let kind: Kind
    /// The byte offset of its first byte.
    package let offset: Int

    /// The value as an integer, when it is a number with an integral value that fits `Int64`: `12`, and also
    /// `12.0` or `1.2e1`, as any JSON reader sees them (exactly, up to 2^53 where they are not plain digits).
    package var integer: Int64? {
        guard case .number(let text) = kind else { return nil }
        if let exact = Int64(text) { return exact }
        guard let value = Double(text), value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
            return nil
        }
        return Int64(value)
    }

    /// The value as a string, when it is one.
    package var string: String? {
        guard case .string(let text) = kind else { return nil }
        return text
    }

    /// The value as a boolean, when it is one.
    package var bool: Bool? {
        guard case .bool(let value) = kind else { return nil }
        return value
    }

    /// The members, when the value is an object.
    /// The elements of an array; nil for anything else.
    package var elements: [JSONValue]? {
        guard case .array(let elements) = kind else { return nil }
        return elements
    }

    /// The members of an object; nil for anything else.
    package var members: [Member]? {
        guard case .object(let members) = kind else { return nil }
        return members
    }
}
