extension SQLiteValue {
    /// The text of a `.text` value, or nil.
    var textValue: String? {
        if case .text(let text) = self { return text }
        return nil
    }
}
