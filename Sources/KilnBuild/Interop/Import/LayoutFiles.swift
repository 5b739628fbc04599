import Kiln

/// What the layouts share: splitting `<version>_<name>` and deciding about files that are no migration.
enum LayoutFiles {
    /// `<digits>_<name>` split at the first `_`; nil when the part before it is not all digits or either
    /// part is empty.
    static func versionAndName(_ stem: Substring) -> (version: String, name: String)? {
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let version = stem[..<underscore]
        let name = stem[stem.index(after: underscore)...]
        guard !version.isEmpty, !name.isEmpty, version.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return (String(version), String(name))
    }

    /// Decides about a file no layout rule named: a dialect variant and a `.sql` file are errors (their SQL
    /// would be lost), anything else (a README, `.gitkeep`) is ignored and listed.
    ///
    /// - Throws: ``ImportError`` for a dialect variant or an unrecognized `.sql` file.
    static func other(
        _ relative: String, in folder: SourceFolder, tool: ForeignTool, into reading: inout LayoutReading
    )
        throws
    {
        let location = folder.location(relative)
        if SourceFolder.isDialectVariant(relative) { throw ImportError(.dialectVariant, at: location) }
        if relative.lowercased().hasSuffix(".sql") { throw ImportError(.unrecognizedFile(tool), at: location) }
        reading.notes.append(ImportNote("not a migration; ignored", at: location))
    }

    /// A migration whose imported part is the whole file `relative`.
    ///
    /// - Returns: the migration.
    /// - Throws: ``ImportError`` when the file cannot be read.
    static func wholeFile(
        _ relative: String, in folder: SourceFolder, order: SourceOrder, tracked: String, written: String, name: String
    ) throws -> SourceMigration {
        let bytes = try folder.read(relative)
        return SourceMigration(
            order: order, trackedVersion: tracked, writtenVersion: written, name: name, file: relative, bytes: bytes,
            imported: 0..<bytes.count)
    }

    /// A migration written as code, at `relative`: nothing of it is read (its language is not SQL).
    ///
    /// - Returns: the migration, ``SourceMigration/isCode`` set.
    static func code(
        _ relative: String, order: SourceOrder, tracked: String, written: String, name: String
    ) -> SourceMigration {
        var migration = SourceMigration(
            order: order, trackedVersion: tracked, writtenVersion: written, name: name, file: relative, bytes: [],
            imported: 0..<0)
        migration.isCode = true
        return migration
    }

    /// What the review says of a migration the tool ran outside a transaction.
    static let transactionNote =
        "the source tool ran this migration outside a transaction; kiln runs it inside one (a statement "
        + "such as VACUUM would fail there)"
}
