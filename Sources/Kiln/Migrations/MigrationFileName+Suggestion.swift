extension MigrationFileName {
    /// A valid name to rename an invalid one to, that collides with no other migration: the version the name
    /// starts with when it has one that is free (`7-drop.sql` → `0007_drop.sql`), else the version after the
    /// newest (`drop.sql` → `0008_drop.sql` when 7 is the newest), with the rest of the name as its words.
    ///
    /// - Parameters:
    ///   - name: the invalid file name.
    ///   - usedVersions: the versions of the folder's valid migration files.
    /// - Returns: a file name that ``parse(_:)`` accepts.
    package static func suggestion(for name: String, usedVersions: Set<Int32>) -> String {
        var stem = Substring(name)
        if stem.lowercased().hasSuffix(".sql") { stem = stem.dropLast(4) }
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        let words = stem.dropFirst(digits.count).split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(
            String.init)
        let newest = usedVersions.max() ?? 0
        let next = newest == Int32.max ? newest : newest + 1
        var version = next
        if let written = Int32(digits.drop { $0 == "0" }), written > 0, !usedVersions.contains(written) {
            version = written
        }
        return make(version: version, words: words)
    }
}
