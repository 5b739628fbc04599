import Kiln

/// A fresh build (migrations, seeds, every bundler invariant) succeeds, twice, with identical bytes
/// (``ProjectChecker/buildTwice(_:into:clocks:rehearsal:)``). Without a fresh build no later rule can run.
struct ReproducibleBuildRule: CheckRule {
    let identifier = "reproducible-build"

    func findings(in context: CheckContext) throws -> [CheckFinding] {
        let build = context.freshBuild
        guard build.fresh != nil else { throw CheckStop(findings: build.findings) }
        return build.findings
    }

    static let codes = [
        FindingCode("build-not-reproducible", "Two builds of the same sources differ."),
        FindingCode("build-failed", "A fresh build of the database fails."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .buildNotReproducible(let database):
            FindingWords(
                "\(database): two builds of the same sources are not byte-identical",
                hint:
                    "every table holds the same rows in both builds, so the files differ in layout; compare their page_size, encoding and auto_vacuum",
                code: "build-not-reproducible")
        case .buildsDiffer(let database, let difference):
            FindingWords(
                "\(database): two builds of the same sources differ: \(difference.message)",
                hint:
                    "kiln pins the clock and seeds random() and randomblob(); the value comes from another source of chance (a function an extension adds, a value written outside SQL): make it depend only on the sources",
                code: "build-not-reproducible")
        case .buildFailed(let database, let description):
            FindingWords("\(database): \(description)", code: "build-failed")
        case .freshBuildUnreadable(let database, let description):
            FindingWords("\(database): cannot read the fresh build: \(description)", code: "build-failed")
        default: nil
        }
    }
}
