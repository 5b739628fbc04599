import Testing

@testable import Kiln

/// The model of `sql` run on an in-memory database.
private func model(_ sql: String) throws -> SchemaModel {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute(sql: sql)
    return try SchemaModel.read(from: connection)
}

@Suite("A view's column names in the schema model")
struct SchemaViewColumnsTests {
    private let table = "CREATE TABLE item (id INTEGER PRIMARY KEY, qty INT);"

    @Test("the model holds each view's column names as SQLite names them; a trigger has none")
    func columnsRead() throws {
        let read = try model(
            table + "CREATE VIEW v AS SELECT id, qty*2, qty AS q FROM item;"
                + "CREATE TRIGGER t AFTER INSERT ON item BEGIN SELECT 1; END;")
        #expect(read.views.first?.columns == ["id", "qty*2", "q"])
        #expect(read.triggers.first?.columns == nil)
    }

    @Test("a view column renamed by white space alone is a difference naming the columns")
    func renamedColumnIsADifference() throws {
        let expected = try model(table + "CREATE VIEW v AS SELECT id, qty*2 FROM item;")
        let actual = try model(table + "CREATE VIEW v AS SELECT id, qty * 2 FROM item;")
        #expect(expected.views.first?.sql == actual.views.first?.sql)
        #expect(
            SchemaDifference.compare(expected: expected, actual: actual).map(\.description) == [
                #"view v: column names: "id", "qty*2" → "id", "qty * 2""#
            ])
    }

    @Test("a view SQLite cannot read (its table is gone) is still read, without column names")
    func brokenView() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            sql: "PRAGMA legacy_alter_table = ON;" + table + "CREATE VIEW v AS SELECT qty FROM item;")
        try connection.execute(sql: "DROP TABLE item;")
        let read = try SchemaModel.read(from: connection)
        #expect(read.views.map(\.name) == ["v"])
        #expect(read.views.first?.columns == nil)
    }
}
