/// Quoting shared by the POSIX-style completion scripts (bash and zsh), which read single quotes the same way.
enum ShellQuoting {
    /// `text` as one single-quoted shell word: nothing in it is split, globbed or expanded, and each `'` in it
    /// closes the quotes, adds an escaped quote and opens them again (`it's` -> `'it'\''s'`).
    static func singleQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
