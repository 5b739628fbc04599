import Kiln
import KilnBuild

extension ImportPlan {
    /// The review `kiln import` prints: each migration with its source, each statement removed, each down
    /// part left behind, each other decision, and where the mapping goes.
    func review(into shownFolder: String, dryRun: Bool) -> String {
        let count = migrations.count
        let placeholders = migrations.count(where: \.isCodePlaceholder)
        var text =
            "\(dryRun ? "would import" : "imported") \(count) \(tool.rawValue) migration\(count == 1 ? "" : "s") "
            + "from \(source) into \(shownFolder):\n"
        for migration in migrations {
            let section =
                migration.isCodePlaceholder
                ? " (code: a placeholder to port)" : migration.isSection ? " (up section)" : ""
            text += "  \(migration.fileName) <- \(source)/\(migration.sourceFile)\(section)\n"
        }
        if !removals.isEmpty {
            text += "removed \(removals.count) statement\(removals.count == 1 ? "" : "s") kiln runs itself:\n"
            for removal in removals { text += "  \(removal.location): \(Self.oneLine(removal.text))\n" }
        }
        if !skippedDowns.isEmpty {
            text += "skipped \(skippedDowns.count) down migration\(skippedDowns.count == 1 ? "" : "s") "
            text += "(kiln does not downgrade):\n"
            for location in skippedDowns { text += "  \(location)\n" }
        }
        if !notes.isEmpty {
            text += "decisions to review:\n"
            for note in notes { text += "  \(note.location): \(note.message)\n" }
        }
        if !warnings.isEmpty {
            text += "not imported (see the warnings):\n"
            for warning in warnings { text += "  \(warning.location)\n" }
        }
        text += "\(dryRun ? "would write" : "wrote") \(shownFolder)/imported.json: \(tool.rawValue) versions "
        text += "(as \(tool.trackingTable) stores them) to kiln versions\n"
        if dryRun {
            text += "dry run: nothing was written\n"
        } else if placeholders > 0 {
            text += "next: port each placeholder's code to SQL in its file (\(placeholders) to write; kiln check "
            text += "lists them), review the files, then record them with 'kiln hash \(database)'\n"
        } else {
            text += "next: review the files, then record them with 'kiln hash \(database)'\n"
        }
        return text
    }

    /// A statement on one line, its white space runs folded to one space.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
