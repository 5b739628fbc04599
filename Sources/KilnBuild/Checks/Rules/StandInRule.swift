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
}

/// A migration uses `name`, which `kiln.json` declares a stand-in for (`setting` is its key path): kiln builds
/// with the stand-in, the device must register the real collation or function.
package struct StandInUsed: WordedFinding {
    /// The collation's or function's name, as `kiln.json` declares it.
    package let name: String
    /// Whether it is a collation (else a function).
    package let isCollation: Bool
    /// Its key path in `kiln.json`, e.g. `databases.shop.collations.ICU`.
    package let setting: String

    /// A use of `name`, declared at `setting`.
    package init(name: String, isCollation: Bool, setting: String) {
        self.name = name
        self.isCollation = isCollation
        self.setting = setting
    }

    /// A note: the device must register the real collation or function.
    package var words: FindingWords {
        FindingWords(
            .note,
            "this migration uses the \(isCollation ? "collation" : "function") '\(name)', which kiln runs with the stand-in \(setting) in kiln.json: the device must register the real '\(name)'",
            hint:
                "register it on every connection that migrates (Migrator.prepareConnection, DatabaseInstaller.prepareConnection) and on the app's own",
            code: "stand-in-used")
    }
}
