import Kiln
import Testing

@testable import KilnBuild

/// ``ColumnUses`` read alone: each kind of use, wherever a history puts it (a later migration, a view, a
/// trigger, an index, the app's queries), and never from strings, comments or CHECK constraints.
@Suite("ColumnUses: what the whole history says a column holds")
struct ColumnUsesTests {
    static func key(_ name: String) -> SQLIdentifierKey { name.identifierKey }

    /// A bookkeeping app's history, a statement of each kind per source.
    static let history = [
        // A migration: a table, then a data fix reading JSON and dates.
        """
        CREATE TABLE invoice (id INTEGER PRIMARY KEY, number TEXT NOT NULL, issued TEXT, lines TEXT, total TEXT);
        UPDATE invoice SET issued = date(issued) WHERE json_extract(lines, '$[0].sku') IS NOT NULL;
        """,
        // A view with a pattern and a number comparison.
        """
        CREATE VIEW overdue_invoice AS
            SELECT id FROM invoice WHERE number LIKE 'INV-%' AND total >= 100 AND julianday('now') - julianday(issued) > 30;
        """,
        // A trigger: `->>` on a column, GLOB on another, a length it keeps within.
        """
        CREATE TRIGGER invoice_customer AFTER INSERT ON invoice
        WHEN NEW.customer_code GLOB '[A-Z][A-Z][0-9]*' AND length(NEW.vat_id) BETWEEN 8 AND 14
        BEGIN
            UPDATE invoice SET total = NEW.lines ->> '$.total' WHERE id = NEW.id;
        END;
        """,
        // A partial index with a length bound.
        "CREATE INDEX invoice_short_memo ON invoice (memo) WHERE length(memo) <= 140;",
        // The app's queries: a qualified name, a date comparison.
        "SELECT id FROM invoice AS i WHERE i.paid_at < datetime('now', '-1 day') AND i.iban LIKE 'DE%';",
    ]

    @Test("JSON, dates, numbers, patterns and lengths from a migration, a view, a trigger, an index and queries")
    func everyKindEverywhere() {
        let uses = ColumnUses(sources: Self.history)
        #expect(uses.json == [Self.key("lines")])
        #expect(uses.dates == [Self.key("issued"), Self.key("paid_at")])
        #expect(uses.numbers == [Self.key("total")])
        #expect(
            uses.patterns == [
                Self.key("number"): [.like("INV-%")], Self.key("customer_code"): [.glob("[A-Z][A-Z][0-9]*")],
                Self.key("iban"): [.like("DE%")],
            ])
        #expect(uses.lengths == [Self.key("vat_id"): 8...14, Self.key("memo"): 0...140])
    }

    @Test("every comparison of length gives its range; one that excludes lengths gives none; ranges intersect")
    func lengthComparisons() {
        let uses = ColumnUses(sources: [
            """
            SELECT * FROM t WHERE length(a) = 3 OR length(b) < 10 OR length(c) > 0 OR length(d) >= 5
                OR length(e) <> 4 OR length(f) != 2 OR length(g) NOT BETWEEN 1 AND 2;
            SELECT * FROM t WHERE length(h) <= 80;
            SELECT * FROM t WHERE length(h) >= 10;
            """
        ])
        #expect(
            uses.lengths == [
                Self.key("a"): 3...3, Self.key("b"): 0...9, Self.key("c"): 1...Int.max, Self.key("d"): 5...Int.max,
                Self.key("h"): 10...80,
            ])
    }

    @Test("names inside strings and comments, NOT LIKE, and CHECK constraints are no use")
    func notCounted() {
        let uses = ColumnUses(sources: [
            """
            -- json_extract(comment_json, '$.a') and date(comment_date) and code LIKE 'X%'
            /* length(block_comment) <= 3 */
            CREATE TABLE label (
                id INTEGER PRIMARY KEY,
                text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 40 AND text GLOB '[a-z]*'),
                note TEXT CHECK (json_valid(note))
            );
            INSERT INTO label (text) VALUES ('json_extract(quoted, ''$.a'') length(quoted) <= 3 quoted LIKE ''a%''');
            SELECT id FROM label WHERE text NOT LIKE 'tmp-%' AND note NOT GLOB '*x*';
            """
        ])
        #expect(uses == ColumnUses(), "\(uses)")
    }
}

@Suite("ColumnCandidates: the history's patterns and lengths")
struct HistoryShapeCandidateTests {
    static func plan(_ use: ColumnCandidates.Use, check: ColumnHints? = nil) -> ColumnCandidates {
        let column = UpgradeTable.Column(
            name: "file_name", affinity: .text, declaredType: "TEXT", refusesNull: true, defaultSQL: nil,
            isRowID: false)
        return ColumnCandidates(column: column, hints: check, use: use)
    }

    @Test("a pattern or a length shapes the first value; unusual text that does not fit is refused")
    func shapedValues() {
        let pattern = Self.plan(.init(patterns: [.like("%.pdf")]))
        #expect(pattern.first(serial: 7001) == .text("7001.pdf"))
        #expect(!pattern.admitsUnusual(.text("")) && !pattern.admitsUnusual(.text(EdgeRow.longText)))
        let length = Self.plan(.init(length: 8...14))
        guard case .text(let text) = length.first(serial: 7001) else { return #expect(Bool(false)) }
        #expect((8...14).contains(text.count))
        #expect(!length.admitsUnusual(.text("")) && length.admitsUnusual(.text("é 日本 😀 1")))
        let anything = Self.plan(.init(patterns: [.like("%")], length: 0...500))
        #expect(anything.admitsUnusual(.text("")) && anything.admitsUnusual(.text(EdgeRow.longText)))
    }

    @Test("a column its table's CHECK names literals for, or that holds dates, keeps that shape")
    func otherShapesWin() {
        var hints = ColumnHints()
        hints.literals = [.text("invoice.pdf")]
        #expect(Self.plan(.init(patterns: [.like("%.png")]), check: hints).first(serial: 1) == .text("invoice.pdf"))
        let date = Self.plan(.init(date: true, patterns: [.like("2024-%")]))
        #expect(date.first(serial: 1) != .text("1") && !date.admitsUnusual(.text("")))
        guard case .text(let day) = date.first(serial: 1) else { return #expect(Bool(false)) }
        #expect(day.hasPrefix("2020-01-0"), "\(day)")
    }
}
