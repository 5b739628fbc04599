import Kiln

/// Migration text another tool would have expanded before running it: every template placeholder found
/// (worded by `TemplatePlaceholderRule`).
package struct TemplatePlaceholderError: Error, Equatable {
    /// The placeholders, in migration order.
    package let placeholders: [TemplatePlaceholder]
}

extension KilnProject {
    /// Proves that `migrator`'s whole chain runs, without touching any file: every migration's statements are
    /// prepared and run in order on an empty in-memory database (with the stand-ins of `kiln.json`
    /// registered), so each statement meets the schema the earlier ones, including those of its own
    /// migration, left behind. A broken migration 61 of 100 is then an error at its file, line and column
    /// before `migrate` opens a database. Template placeholders are reported first, each at its location.
    ///
    /// - Throws: ``TemplatePlaceholderError`` when a migration holds placeholders; otherwise the
    ///   ``MigrationError`` of the first migration that fails, marked ``MigrationError/isDryRun``.
    package func rehearse(_ migrator: Migrator) throws {
        let placeholders = try migrator.migrations.migrations.flatMap { migration in
            try SQLiteInterrupt.check()
            return TemplatePlaceholder.all(in: migration.source)
        }
        guard placeholders.isEmpty else { throw TemplatePlaceholderError(placeholders: placeholders) }
        let scratch: SQLiteConnection
        do { scratch = try SQLiteConnection(path: ":memory:") } catch let error as SQLiteError {
            throw MigrationError(.cannotOpen(error), path: ":memory:", database: migrator.migrations.database)
        }
        do { try migrator.migrate(scratch) } catch var error as MigrationError {
            error.isDryRun = true
            throw error
        }
    }
}
