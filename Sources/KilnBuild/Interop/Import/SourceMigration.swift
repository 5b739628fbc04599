/// One up migration of the source folder, before it is renumbered: SQL, or a migration written as code (a
/// goose `.go` file, a Flyway `.java` class), which has no SQL to import (``isCode``).
struct SourceMigration {
    /// The key the source tool orders by.
    let order: SourceOrder
    /// The version exactly as the tool stores it in its tracking table.
    let trackedVersion: String
    /// The version as the file name writes it (kept in the slug).
    let writtenVersion: String
    /// The name after the version.
    let name: String
    /// The file holding the up part, relative to the source folder.
    let file: String
    /// The file's bytes.
    let bytes: [UInt8]
    /// The part of `bytes` that is imported (the whole file, or everything before a down section).
    let imported: Range<Int>
    /// Whether the tool expands placeholders inside string literals too (Flyway always, goose under
    /// `ENVSUB ON`); elsewhere a `${x}` in a string is the string's text.
    var expandsInStrings = false
    /// The sums the tool records for the file, as it computes them, the first one its own (drizzle's and
    /// Prisma's SHA-256 of the file); each other one is a variant the tool also accepts (other line ends).
    /// Empty for tools that record none.
    var checksums: [String] = []
    /// Whether the migration is code (goose's Go, Flyway's Java…): `bytes` and `imported` are then empty, and
    /// the import refuses it or writes a placeholder in its place (``CodeMigrationPolicy``).
    var isCode = false
}
