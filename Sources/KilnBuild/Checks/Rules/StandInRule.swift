import Kiln

/// A note at each use of a collation or function `kiln.json` declares a stand-in for (``StandInUse``): the
/// device must register the real one.
struct StandInRule: CheckRule {
    let identifier = "stand-in-used"

    func findings(in context: CheckContext) -> [CheckFinding] {
        StandInUse.findings(
            context.migrations, standIns: context.project.configuration.settings(for: context.database).standIns)
    }

    static let codes = [
        FindingCode("stand-in-used", "A migration uses a collation or function kiln runs with a stand-in.")
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .standInUsed(let name, let isCollation, let setting) = reason else { return nil }
        return FindingWords(
            .note,
            "this migration uses the \(isCollation ? "collation" : "function") '\(name)', which kiln runs with the stand-in \(setting) in kiln.json: the device must register the real '\(name)'",
            hint:
                "register it on every connection that migrates (Migrator.prepareConnection, DatabaseInstaller.prepareConnection) and on the app's own",
            code: "stand-in-used")
    }
}
