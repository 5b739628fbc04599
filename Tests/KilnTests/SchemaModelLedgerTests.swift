import Foundation
import KilnTestSupport
import Kiln
import Testing

@Suite("the semantic schema model on the ledger fixture")
struct SchemaModelLedgerTests {
    static let migrations = TestFixtures.url("ledger/migrations/ledger").path

    /// The ledger's stored definitions in creation order, as `sqlite3 .schema` prints them.
    private func schemaDump(of db: SQLiteConnection) throws -> [String] {
        try db.rows(
            sql:
                "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
        ).compactMap { row in
            if case .text(let sql) = row[0] { return sql }
            return nil
        }
    }

    /// `sql` with every schema name quoted (except function calls), keywords in lower case and single spaces.
    private func quoteEverything(_ sql: String, names: Set<String>) -> String {
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        return tokens.indices.map { index in
            let token = tokens[index]
            let text = lexer.text(of: token)
            guard token.kind == .word else { return text }
            let isCall = index + 1 < tokens.count && lexer.text(of: tokens[index + 1]) == "("
            if names.contains(text.lowercased()) && !isCall && !SQLiteGrammar.isKeyword(text) { return "\"\(text)\"" }
            return text.lowercased() == text ? text.uppercased() : text.lowercased()
        }.joined(separator: " ")
    }

    @Test("the 64-migration ledger equals itself rebuilt from a quote-everything schema dump")
    func ledgerEqualsItsDump() throws {
        let set = try MigrationSet.load(directory: Self.migrations, database: "ledger")
        #expect(set.migrations.count == 64)
        let migrated = try SQLiteConnection(path: ":memory:")
        try Migrator(migrations: set).migrate(migrated)
        let model = try SchemaModel.read(from: migrated)
        let names = Set(
            model.tables.flatMap { [$0.name] + $0.columns.map(\.name) } + model.indexes.map(\.name)
                + model.views.map(\.name) + model.triggers.map(\.name)
        ).map { $0.lowercased() }
        let dump = try schemaDump(of: migrated).map { quoteEverything($0, names: Set(names)) }
        #expect(dump.contains { $0.contains("\"") })
        let rebuilt = try SQLiteConnection(path: ":memory:")
        for statement in dump { try rebuilt.execute(sql: statement) }
        let differences = SchemaDifference.compare(expected: model, actual: try SchemaModel.read(from: rebuilt))
        #expect(differences.isEmpty, "\(differences)")
        #expect(model.tables.count > 5 && !model.indexes.isEmpty)
        #expect(try schemaDump(of: rebuilt) != schemaDump(of: migrated))
    }
}
