/// The `shop` database the command-line tests use: an item table, then a price column and one row.
public enum ShopFixture {
    /// Its two migrations, as `(file name, SQL)`.
    public static let migrations: [(String, String)] = [
        ("0001_create_item.sql", "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\n"),
        ("0002_add_price.sql", "ALTER TABLE item ADD COLUMN price REAL;\nINSERT INTO item (name) VALUES ('apple');\n"),
    ]
}
