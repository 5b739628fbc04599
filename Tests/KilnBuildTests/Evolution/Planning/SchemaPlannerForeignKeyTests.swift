import Kiln
import Testing

@testable import KilnBuild

/// A foreign key over columns the table already has is a risk the developer allows: a device may hold values
/// that match no parent row, and then the migration fails.
@Suite("SchemaPlanner: new foreign keys")
struct SchemaPlannerForeignKeyTests {
    static let before = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER, title TEXT);
        INSERT INTO author VALUES (1, 'Ann');
        """
    static let after = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
        CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER REFERENCES author (id), title TEXT);
        """

    @Test("a foreign key over an existing column is refused without --allow-data-loss, naming the risk")
    func refusedWithoutTheFlag() throws {
        let planner = try PlannerCase(Self.before + "INSERT INTO book VALUES (1, 1, 'a');", Self.after)
        let error = try #require(throws: SchemaPlanError.self) { try planner.plan() }
        guard case .dataLossRefused(let losses) = error.reason else { throw error }
        #expect(
            losses == [
                PlannerCase.failure(
                    #"rows of "book" whose ("author_id") match no row of "author" (the new foreign key)"#)
            ])
    }

    @Test("with it, rows whose parents exist migrate; a dangling one fails the foreign-key check")
    func allowed() throws {
        let options = SchemaPlanOptions(allowsDataLoss: true)
        let valid = try PlannerCase(Self.before + "INSERT INTO book VALUES (1, 1, 'a'), (2, NULL, 'b');", Self.after)
        try valid.apply(options)
        #expect(try valid.rows("SELECT id, author_id, title FROM book") == ["1|1|a", "2|NULL|b"])
        let dangling = try PlannerCase(Self.before + "INSERT INTO book VALUES (1, 7, 'a');", Self.after)
        let plan = try dangling.plan(options)
        try dangling.current.execute(sql: "PRAGMA foreign_keys = OFF; BEGIN; " + plan.verificationText)
        #expect(try dangling.current.rows(sql: "PRAGMA foreign_key_check").count == 1)
        try dangling.current.execute(sql: "ROLLBACK")
    }

    @Test("an action changed on an existing key, or a key over a new column, is no new risk")
    func notARisk() throws {
        let cascade = try PlannerCase(
            Self.before.replacingOccurrences(
                of: "author_id INTEGER,", with: "author_id INTEGER REFERENCES author (id),"),
            Self.after.replacingOccurrences(
                of: "REFERENCES author (id)", with: "REFERENCES author (id) ON DELETE CASCADE"))
        #expect(try cascade.apply().dataLosses.isEmpty)
        let newColumn = try PlannerCase(
            Self.before,
            """
            CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE book (
                id INTEGER PRIMARY KEY, author_id INTEGER, editor_id INTEGER REFERENCES author (id), title TEXT);
            """)
        #expect(try newColumn.apply().dataLosses.isEmpty)
    }
}

@Suite("SchemaPlanner: renames to the same name")
struct SchemaPlannerSelfRenameTests {
    @Test("a --rename whose names SQLite takes for one (case aside) is refused, never written as a no-op")
    func renameToItself() throws {
        let planner = try PlannerCase(
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);",
            "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);")
        for rename in [SchemaRename.column(table: "item", from: "name", to: "NAME"), .table(from: "item", to: "item")] {
            let error = try #require(throws: SchemaPlanError.self) {
                try planner.plan(SchemaPlanOptions(renames: [rename]))
            }
            guard case .unsupported(let object, let reason) = error.reason else { throw error }
            #expect(object == "--rename \(rename)" && reason.contains("nothing to rename"))
        }
    }
}
