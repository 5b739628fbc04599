import Foundation
import KilnBuild
import KilnTestSupport
import Testing

@Suite("kiln check compares the upgraded schema with the fresh one as SQLite sees it")
struct UpgradeSchemaComparisonTests {
    /// An old app that rebuilt `item` by itself: `code` with the given type, names quoted, keywords in lower case.
    private func rebuilt(codeType: String) -> String {
        """
        CREATE TABLE "item_new" ("id" integer primary key, "name" text not null, "code" \(codeType));
        INSERT INTO "item_new" ("name", "code") VALUES ('apple', 'A'), ('pear', 'P');
        DROP TABLE item;
        ALTER TABLE item_new RENAME TO item;

        """
    }

    @Test("an upgrade that only re-spells a table (quoted names, other case) does not diverge")
    func respelledTableIsTheSame() throws {
        let fixture = try CheckProject()
        try fixture.folder.write("fixtures/shop/1.sql", rebuilt(codeType: "text"))
        #expect(try fixture.errors() == [])
    }

    @Test("an upgrade with another column type names the table, the column and both types")
    func changedTypeDiverges() throws {
        let fixture = try CheckProject()
        try fixture.folder.write("fixtures/shop/1.sql", rebuilt(codeType: "integer"))
        #expect(
            try fixture.errors() == [
                "migrations/shop/0002_unique_code.sql:1:1: error: upgrading from version 1 gives a different schema than a fresh build: table item: column code: type TEXT → INTEGER"
            ])
    }
}
