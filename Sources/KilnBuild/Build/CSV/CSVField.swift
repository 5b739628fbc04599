/// One field of the current CSV record: where its bytes are in the reader's record storage, whether it was
/// quoted, and where it starts in the file.
package struct CSVField: Sendable {
    /// Start of the field's bytes in the record storage (quotes removed, `""` undone).
    let start: Int
    /// End of the field's bytes in the record storage.
    let end: Int
    /// Whether the field was written in quotes. An empty quoted field is the empty string; an empty unquoted
    /// field is NULL.
    package let isQuoted: Bool
    /// The 1-based line where the field starts.
    package let line: Int
    /// The 1-based column, in bytes, where the field starts (its opening quote, if quoted).
    package let column: Int

    /// The number of bytes in the field's value.
    package var byteCount: Int { end - start }

    /// Whether the field is empty and unquoted, which kiln reads as NULL.
    package var isNull: Bool { !isQuoted && start == end }
}
