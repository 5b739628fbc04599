import KilnBuild
import Testing

@Suite("The kiln version a tracking table stands for")
struct AdoptionPlanTests {
    static let mapping: [(kiln: Int32, source: String)] = [(1, "1"), (2, "1.1"), (3, "1.9"), (4, "1.10"), (5, "2")]

    @Test("listed versions: the run of applied ones from 1")
    func listed() throws {
        #expect(
            try AdoptionPlan.version(for: .versions(["1", "1.1", "1.9"]), mapping: Self.mapping, file: "a.db") == 3)
        #expect(try AdoptionPlan.version(for: .versions([]), mapping: Self.mapping, file: "a.db") == 0)
    }

    @Test("through a version: by its place in the mapping, so 1.10 comes after 1.9")
    func through() throws {
        #expect(try AdoptionPlan.version(for: .through("1.9", andLater: []), mapping: Self.mapping, file: "a.db") == 3)
        #expect(try AdoptionPlan.version(for: .through("1.10", andLater: []), mapping: Self.mapping, file: "a.db") == 4)
        #expect(
            try AdoptionPlan.version(
                for: .through("1.1", andLater: ["1.9", "1.10"]), mapping: Self.mapping, file: "a.db")
                == 4)
    }

    @Test("an unknown version or a hole is an error naming the versions")
    func errors() throws {
        #expect(throws: AdoptionError(.unknownVersion("7"), file: "a.db")) {
            try AdoptionPlan.version(for: .versions(["1", "7"]), mapping: Self.mapping, file: "a.db")
        }
        // golang-migrate's one version must be a known one too: never "everything up to 5" when there is no 5.
        #expect(throws: AdoptionError(.unknownVersion("1.5"), file: "a.db")) {
            try AdoptionPlan.version(for: .through("1.5", andLater: []), mapping: Self.mapping, file: "a.db")
        }
        #expect(throws: AdoptionError(.unknownVersion("999"), file: "a.db")) {
            try AdoptionPlan.version(for: .through("999", andLater: []), mapping: Self.mapping, file: "a.db")
        }
        #expect(throws: AdoptionError(.outOfOrder(applied: "1.9", missing: "1.1"), file: "a.db")) {
            try AdoptionPlan.version(for: .versions(["1", "1.9"]), mapping: Self.mapping, file: "a.db")
        }
    }
}
