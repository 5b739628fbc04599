import Kiln

/// Each entry of `fixtures/` names a database: a misspelled or deleted database's fixtures would never be read.
/// Hidden entries (`.gitkeep`, `.DS_Store`) are left alone.
struct FixtureFolderRule: ProjectCheckRule {
    func findings(in project: KilnProject) -> [CheckFinding] {
        let folder = project.root.appendingPathComponent("fixtures").path
        guard FileSystem.isDirectory(folder), let entries = try? FileSystem.contentsOfDirectory(folder),
            let known = try? project.databaseNames()
        else { return [] }
        let databases = Set(known)
        return entries.sorted().filter { !$0.hasPrefix(".") && !databases.contains($0) }.map { name in
            CheckFinding(
                .fixtureFolderUnknown(name: name, known: known),
                at: SourceLocation(path: "fixtures/\(name)", line: 1, column: 1))
        }
    }

    /// `fixture-misnamed` is listed by ``UpgradePathRule``, whose fixture files share it.
    static let codes: [FindingCode] = []

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        guard case .fixtureFolderUnknown(let name, let known) = reason else { return nil }
        return FindingWords(
            "fixtures/\(name) names no database: kiln never reads it",
            hint: (Suggestion.closest(to: name, among: known).map { "did you mean '\($0)'? " } ?? "")
                + "fixtures live in fixtures/<database>/<version>.sql; the databases are: "
                + (known.isEmpty ? "none" : known.joined(separator: ", ")),
            code: "fixture-misnamed")
    }
}
