import Kiln

/// The header comment of a planned migration: what wrote it, what was proven and on what, what it loses, what
/// to fill. It claims no more than verification proved.
enum PlanHeader {
    /// The header's lines.
    ///
    /// - Parameters:
    ///   - plan: the steps.
    ///   - verification: what verification proved.
    ///   - database: the database.
    ///   - version: the migration's version.
    ///   - words: the words of its file name.
    /// - Returns: the lines, without `-- `.
    static func lines(
        _ plan: SchemaPlan, verification: PlanVerification, database: String, version: Int32, words: [String]
    ) -> [String] {
        let proof =
            "Written by kiln plan from \(SchemaFile.relativePath(for: database)) and checked before it was written: "
            + "on a copy of version \(version - 1) holding data (\(verification.dataSets.joined(separator: ", "))), "
            + "it gives the schema file's schema, foreign_key_check passes, and the kept columns that are not "
            + "converted keep their values in the \(verification.rowsCompared) rows compared. kiln runs it in one "
            + "transaction with foreign keys off."
        var lines = ["Migration \(version) of \(database): \(words.joined(separator: " "))", ""] + wrapped(proof)
        let converted = plan.keptColumns.filter(\.isConverted).map { "\($0.table).\($0.column)" }
        if !converted.isEmpty {
            lines.append("Converted, so not compared: " + converted.joined(separator: ", ") + ".")
        }
        if !verification.tablesNotProvenOnData.isEmpty {
            lines.append(
                "Not proven on data (no row of it was left to run on): "
                    + verification.tablesNotProvenOnData.joined(separator: ", ") + ".")
        }
        if !verification.setAside.isEmpty {
            // Rows a risk allowed below already says of (fail, roll back, clean them) are listed only.
            let saidBelow = verification.setAsideIsSaid(byRisksOf: plan)
            lines += [
                saidBelow
                    ? "Rows the data sets held that this migration cannot carry, set aside before the proof:"
                    : "Rows the data sets held that this migration cannot carry (a device holding such rows fails it,"
            ]
            if !saidBelow { lines += ["and it rolls back), set aside before the proof:"] }
            lines += verification.setAside.map { "  - \($0.description)" }
            if !saidBelow { lines += ["Clean such rows here, before the copy, if a device can hold them."] }
        }
        lines += wrapped("Steps: " + plan.steps.map(\.summary).joined(separator: ", ") + ".")
        if !plan.dataLosses.isEmpty {
            lines +=
                ["", "What --allow-data-loss allowed (data it loses, or rows that make it fail):"]
                + plan.dataLosses.map { "  - \($0)" }
        }
        if !plan.placeholders.isEmpty {
            lines += [
                "", "Fill each \(PlanPlaceholder.functionName)(...) below with the expression it describes;",
                "kiln migrate and kiln check fail at it until you do:",
            ]
            lines += plan.placeholders.map { "  - \($0.description)" }
        }
        return lines
    }

    /// `text` in lines of at most about 100 characters, broken at spaces.
    static func wrapped(_ text: String, width: Int = 100) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return line.isEmpty ? lines : lines + [line]
    }
}
