import Kiln
import Testing

@testable import KilnBuild

/// A CHECK-guarded enum that gains a value is no data loss; anything kiln cannot prove wider still is.
@Suite("CHECK widening")
struct CheckWideningTests {
    @Test("an IN list that gains values, or a NOT IN list that loses some, accepts every old row")
    func widened() {
        #expect(CheckWidening.widens("status IN ('new', 'paid', 'shipped')", from: "status IN ('new', 'paid')"))
        #expect(CheckWidening.widens("status IN ('new', 'paid')", from: "status IN ('paid')"))
        #expect(CheckWidening.widens("kind NOT IN (1)", from: "kind NOT IN (1, 2)"))
        #expect(
            CheckWidening.widens(
                "status IS NOT NULL AND status IN ('a', 'b', 'c') OR legacy = 1",
                from: "status IS NOT NULL AND status IN ('a', 'b') OR legacy = 1"))
    }

    @Test("a list that loses values, another column, another case, or a term under NOT or CASE is not wider")
    func notWidened() {
        #expect(!CheckWidening.widens("status IN ('new')", from: "status IN ('new', 'paid')"))
        #expect(!CheckWidening.widens("kind IN ('a', 'b')", from: "status IN ('a')"))
        #expect(!CheckWidening.widens("status IN ('A', 'b')", from: "status IN ('a')"))
        #expect(!CheckWidening.widens("kind NOT IN (1, 2)", from: "kind NOT IN (1)"))
        #expect(!CheckWidening.widens("NOT (status IN ('a', 'b'))", from: "NOT (status IN ('a'))"))
        #expect(!CheckWidening.widens("(status IN ('a', 'b')) = 0", from: "(status IN ('a')) = 0"))
        #expect(
            !CheckWidening.widens(
                "CASE WHEN status IN ('a', 'b') THEN 0 ELSE 1 END", from: "CASE WHEN status IN ('a') THEN 0 ELSE 1 END")
        )
        #expect(!CheckWidening.widens("status IN ('a', 'b') AND n > 1", from: "status IN ('a') AND n > 0"))
    }

    @Test("an enum that gains a value is planned without data loss and copies every row")
    func enumGainsAValue() throws {
        let planner = try PlannerCase(
            """
            CREATE TABLE job (id INTEGER PRIMARY KEY, state TEXT NOT NULL CHECK (state IN ('queued', 'done')));
            INSERT INTO job (state) VALUES ('queued'), ('done');
            """,
            "CREATE TABLE job (id INTEGER PRIMARY KEY, state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')));"
        )
        let plan = try planner.apply()
        #expect(plan.dataLosses.isEmpty)
        #expect(!plan.migrationText(header: []).contains("OR IGNORE"))
        #expect(try planner.current.integer(sql: "SELECT count(*) FROM job") == 2)
    }
}
