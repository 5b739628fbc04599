/// One token of SQL text, as a byte range into the UTF-8 source it came from.
package struct SQLToken: Equatable, Sendable {
    /// What kind of token this is.
    package enum Kind: Equatable, Sendable {
        /// A bare word: a keyword or an unquoted identifier.
        case word
        /// An identifier in `"double quotes"`, backticks or `[brackets]`.
        case quotedIdentifier
        /// A `'string literal'`.
        case string
        /// A blob literal, `x'0A'`.
        case blob
        /// A numeric literal.
        case number
        /// A parameter: `?`, `?1`, `:name`, `@name` or `$name`.
        case parameter
        /// `;`.
        case semicolon
        /// Any other operator or punctuation, e.g. `(`, `,`, `->>`, `||`.
        case symbol
    }

    /// What kind of token this is.
    package let kind: Kind
    /// The token's bytes in the source, including quotes.
    package let range: Range<Int>
}
