import Kiln

/// The text a new migration file starts with (`kiln new`, `kiln init`): comments only, the first of them
/// ``marker``, which only kiln writes. kiln refuses such an untouched template until it holds SQL
/// (``UntouchedTemplate``); a file of comments without the marker is a deliberate placeholder version, as
/// real histories keep them.
package enum MigrationTemplate {
    /// The first line of every template, and what tells kiln's untouched template from a comments-only
    /// migration someone wrote on purpose.
    package static let marker = "-- kiln:template"

    /// The comments of migration `version` of `database`, described by `words`, each one line whatever the
    /// words hold (``SQLText/lineComments(_:)``).
    package static func text(version: Int32, database: String, words: [String]) -> String {
        marker + ": kiln refuses this file until it holds SQL (delete this line to keep it as a placeholder version)\n"
            + SQLText.lineComments([
                "Migration \(version) of \(database): \(words.joined(separator: " "))",
                "",
                "Write the SQL that brings the database from version \(version - 1) to \(version). kiln runs this file",
                "in one transaction and sets PRAGMA user_version itself; do not add BEGIN/COMMIT or version pragmas.",
            ]) + "\n"
    }

    /// The line of `migration` that holds the marker, when the file is still an untouched template: comments
    /// only, one of its lines starting with ``marker``. A template whose SQL was written below its comments
    /// is a migration like any other.
    ///
    /// - Returns: the marker's 1-based line, or nil.
    package static func markerLine(of migration: Migration) -> Int? {
        guard migration.isPlaceholder else { return nil }
        let marker = Array(Self.marker.utf8)
        var line = 1
        var start = 0
        let bytes = migration.source.bytes
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = bytes[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
            if text.starts(with: marker) { return line }
            start = end + 1
            line += 1
        }
        return nil
    }

    /// A finding per untouched template of `set`, at its marker.
    ///
    /// - Returns: the findings, errors, in version order.
    package static func findings(_ set: MigrationSet) -> [CheckFinding] {
        set.migrations.compactMap { migration in
            markerLine(of: migration).map {
                CheckFinding(
                    .worded(UntouchedTemplate(version: migration.version)),
                    at: SourceLocation(path: migration.path, line: $0, column: 1))
            }
        }
    }
}

/// Migration `version` is still the template `kiln new` or `kiln init` wrote: it holds no SQL yet, and
/// applying it would record a version that changes nothing.
package struct UntouchedTemplate: WordedFinding {
    /// The migration's version.
    package let version: Int32

    /// The finding for migration `version`.
    package init(version: Int32) { self.version = version }

    /// An error: the file must hold SQL, or lose its marker to be a placeholder on purpose.
    package var words: FindingWords {
        FindingWords(
            "migration \(version) is kiln's template, untouched: it holds no SQL yet",
            hint:
                "write the SQL that brings the database from version \(version - 1) to \(version) below the comments; "
                + "to keep a version that changes nothing on purpose, delete this line",
            code: Self.code)
    }

    /// Its finding code.
    package static let code = "untouched-template"
}
