import Foundation
import KilnTestSupport
import Testing

@Suite("kiln check --format sarif, in-process")
struct SarifTests {
    @Test("SARIF 2.1.0: one run, kiln's rules, one result per finding with its rule, file and line; exit 1")
    func failingCheck() throws {
        let folder = try brokenShop()
        let result = kiln(["check", "--format", "sarif"], in: folder.url, environment: [:])
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let log = try oneDocument(result.standardOutput)
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "kiln" && driver["version"] is String)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(Set(ruleIDs).count == rules.count, "one rule per code")
        #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        let json = try diagnostics(
            try oneDocument(kiln(["check", "--json"], in: folder.url, environment: [:]).standardOutput))
        #expect(results.count == json.count && results.count == 3, "one result per finding")
        for (index, finding) in results.enumerated() {
            let ruleID = try #require(finding["ruleId"] as? String)
            #expect(ruleIDs.firstIndex(of: ruleID) == finding["ruleIndex"] as? Int)
            let location = try #require(
                ((finding["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: Any])
            #expect(artifact["uri"] as? String == json[index]["file"] as? String)
            #expect(artifact["uriBaseId"] as? String == "PROJECTROOT")
            if ruleID == "sum-missing" {
                #expect(location["region"] == nil, "a folder has no lines")
                continue
            }
            let region = try #require(location["region"] as? [String: Any])
            #expect(region["startLine"] as? Int == json[index]["line"] as? Int)
        }
        // Another area's error (the migration that fails the fresh build) carries the rule it stopped.
        #expect(!results.contains { ["error", "warning", "note"].contains($0["ruleId"] as? String) })
        let syntax = try #require(results.first { $0["ruleId"] as? String == "build-failed" })
        #expect(syntax["level"] as? String == "error")
        #expect(
            ((syntax["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(
                "near \"TABL\": syntax error\nnote: ") == true)
        let region =
            ((syntax["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["startLine"] as? Int == 2 && region?["startColumn"] as? Int == 8)
        #expect(results.contains { $0["ruleId"] as? String == "drop-table" && $0["level"] as? String == "warning" })
        let bases = try #require(runs[0]["originalUriBaseIds"] as? [String: [String: String]])
        #expect(bases["PROJECTROOT"]?["uri"]?.hasPrefix("file:///") == true)
    }

    @Test("a passing check prints an empty SARIF run and exits 0")
    func passingCheck() throws {
        let project = try ShopProject()
        try project.kiln("hash")
        let result = try project.kiln("check", "--format", "sarif")
        #expect(result.status == 0, "\(result.standardOutput)")
        let runs = try #require(try oneDocument(result.standardOutput)["runs"] as? [[String: Any]])
        #expect((runs.first?["results"] as? [Any])?.isEmpty == true)
    }
}
