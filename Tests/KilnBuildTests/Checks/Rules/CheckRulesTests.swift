import Foundation
import Kiln
import KilnBuild
import Testing

@Suite("Check rules: each finding's words and code come from one rule")
struct CheckRulesTests {
    /// One reason of every case but ``CheckFinding/Reason/error(_:)`` and `checkFailed`, which have no code.
    static let coded: [CheckFinding.Reason] = {
        let starts = UpgradeStarts([2, 3])
        let difference = SchemaDifference(kind: .missing, objectType: "table", name: "item")
        let unreadable = FileSystemError(.read, path: "/p/x", code: EACCES)
        return [
            .sumMissing(database: "d"), .sumUnreadable(database: "d", unreadable), .sumLineUnreadable,
            .migrationEdited(database: "d", file: "f"), .migrationRenamed(database: "d", file: "f", from: "g"),
            .migrationAdded(database: "d", file: "f"), .migrationRemoved(database: "d", file: "f"),
            .sumMismatch(database: "d"),
            .featureTooNew(feature: "STRICT", introduced: SQLiteVersion(3, 37, 0), floor: SQLiteVersion(3, 31, 0)),
            .buildNotReproducible(database: "d"), .buildFailed(database: "d", description: "x"),
            .freshBuildUnreadable(database: "d", description: "x"),
            .upgradeFailed(database: "d", from: starts, message: "m"),
            .upgradeRisk(database: "d", from: starts, message: "m", shape: .repeatedRows),
            .upgradeIntegrityFailed(from: starts, result: .text("bad")),
            .upgradeForeignKeyViolation(
                database: "d", from: starts, table: .text("t"), rowid: .integer(1), parent: .text("p")),
            .upgradeDiverged(from: starts, difference: difference),
            .upgradeCheckFailed(database: "d", description: "x"), .fixtureFailed(version: 2, message: "m"),
            .fixtureMisnamed(database: "d", file: "x.sql", problem: .notAVersion(suggestion: nil)),
            .generatedRowsRejected(database: "d", version: 2, table: nil, problem: "p"),
            .upgradedQueryFailed(message: "m", from: starts), .queryFailed(message: "m"),
            .queryUnpreparable(description: "x"), .queriesUnreadable(database: "d", description: "x"),
            .destructiveMigration(.dropTable), .destructiveMigration(.dropColumn),
            .destructiveMigration(.deleteWithoutWhere), .seedWithoutPrimaryKey(table: "t"),
            .queryFullScan(table: "t", plan: "SCAN t"),
            .renameReferencedTable(table: "a", newName: "b", referencedBy: ["c"]),
            .unknownLintRule(name: "x", suggestion: nil), .lintAllowMisplaced,
            .buildsDiffer(database: "d", difference: BuildDifference(table: "t", key: "1", kind: .onlyInFirst)),
            .tableNotPopulated(table: "t", version: 2, message: "m"), .fixtureFolderUnknown(name: "x", known: ["d"]),
            .placeholderMigration(version: 2), .worded(StandInUsed(name: "n", isCollation: true, setting: "s")),
            .worded(UntouchedTemplate(version: 3)),
            .templatePlaceholder(token: "{{ x }}"), .schemaFileMissing(database: "d", path: "schema/d.sql"),
            .schemaFileUnreadable(database: "d", path: "schema/d.sql", unreadable),
            .schemaFileStale(database: "d", version: 2, difference: difference), .schemaDiagramStale(database: "d"),
            .plannedPlaceholder(description: "x"), .worded(PlaceholderStatement(description: "x")),
            .schemaFileUnknown(name: "x.sql", known: ["d"]),
        ]
    }()

    @Test("every coded reason is worded by exactly one rule, and its code is one SARIF lists")
    func everyReasonHasOneOwner() {
        let listed = Set(CheckRules.codes.map(\.id))
        for reason in Self.coded {
            // A finding that words itself belongs to the rule that lists its code.
            let owns = { (rule: any FindingWording.Type) in
                if case .worded(let finding) = reason { return rule.codes.contains { $0.id == finding.words.code } }
                return rule.words(for: reason) != nil
            }
            let owners =
                CheckRules.database.filter { owns(type(of: $0)) }.map { "\(type(of: $0))" }
                + CheckRules.project.filter { owns(type(of: $0)) }.map { "\(type(of: $0))" }
            #expect(Set(owners).count == 1, "\(reason): \(owners)")
            let code = reason.code
            #expect(code.map(listed.contains) == true, "\(reason): \(code ?? "no code")")
        }
    }

    @Test("no two rules list the same code, and every listed code is one a finding has")
    func codesAreListedOnce() {
        // Instances of one rule (FeatureFloorRule over migrations and over app queries) share their codes.
        var codesByRule: [String: [String]] = [:]
        for rule in CheckRules.database { codesByRule["\(type(of: rule))"] = type(of: rule).codes.map(\.id) }
        for rule in CheckRules.project { codesByRule["\(type(of: rule))"] = type(of: rule).codes.map(\.id) }
        let ids = codesByRule.values.flatMap { $0 }
        #expect(ids.count == Set(ids).count, "\(codesByRule)")
        #expect(CheckRules.codes.map(\.id).sorted() == ids.sorted())
        #expect(Set(ids) == Set(Self.coded.compactMap(\.code)))
    }

    @Test("the checker's own findings have its one code, and another area's error keeps its words and its rule's code")
    func checkerCodes() {
        #expect(CheckFinding.Reason.checkFailed(database: "d", description: "x").code == "check-stopped")
        let stopped = CheckFinding(.error(ProjectError.unknownDatabase("x", known: []), code: "build-failed"))
        #expect(stopped.diagnostics.map(\.code) == ["build-failed"])
        #expect(CheckFinding.Reason.checkFailed(database: "d", description: "x").message == "d: x")
        #expect(CheckFinding(.tableNotPopulated(table: "t", version: nil, message: "m")).severity == .note)
        #expect(
            CheckFinding(.generatedRowsRejected(database: "d", version: 2, table: nil, problem: "p")).severity
                == .warning)
    }
}
