import Kiln

/// The rebuild of one table in the order SQLite documents (<https://www.sqlite.org/lang_altertable.html#otheralter>,
/// steps 4 to 7; the migrator does the transaction and foreign-key steps): create the wanted definition under
/// a free name, copy the rows, drop the old table, rename the new one into place. The old table is never
/// renamed out of the way: other tables' foreign keys would follow it and dangle once it is dropped.
struct TableRebuild {
    /// The table as it is once the renames ran.
    let current: SchemaModel.Table
    /// The wanted table.
    let wanted: SchemaModel.Table
    /// The current schema's `CREATE INDEX` indexes (those of other tables are ignored): its UNIQUE ones held
    /// on the old rows.
    let oldIndexes: [SchemaModel.Index]
    /// How the wanted table differs from the current one.
    let changes: [SchemaChange.TableChange]
    /// The wanted table's stored `CREATE TABLE` statement.
    let wantedSQL: String
    /// The name the new table is created under, free in both schemas.
    let temporaryName: String
    /// The names before the renames.
    let renames: PlanRenames
    /// A connection to ask type affinities of.
    let connection: SQLiteConnection

    /// The step, the columns whose values it carries over, and the wanted columns whose values the
    /// developer's conversion writes (a placeholder: values distinct before may be equal after).
    ///
    /// - Throws: ``SchemaPlanError`` when the wanted statement has no column list to rename.
    func plan() throws -> (step: SchemaPlanStep, kept: [KeptColumn], narrowed: Set<SQLIdentifierKey>) {
        guard let create = CreateTableText(wantedSQL).renamed(to: temporaryName) else {
            throw SchemaPlanError(.unsupported(object: wanted.name, reason: "its CREATE TABLE has no column list"))
        }
        let copies = columnCopies()
        let collisions = convertedUniques(copies)
        let risks = copies.flatMap(\.risks) + tableRisks() + collisions
        var statements = [create]
        if let insert = insertStatement(copies) { statements.append(insert) }
        statements += sequenceStatements()
        statements.append("DROP TABLE \(quoted(current.name))")
        statements.append("ALTER TABLE \(quoted(temporaryName)) RENAME TO \(quoted(wanted.name))")
        var comments = [
            "rebuild \(quoted(wanted.name)): create the new definition as \(quoted(temporaryName)), copy the rows, "
                + "drop the old table, rename the new one into place"
        ]
        comments += differences().map { "  \($0)" }
        comments += copies.flatMap(\.notes) + tableNotes() + risks.flatMap(Self.lossComments)
        if !droppedColumns().isEmpty {
            comments.append("kiln:allow drop-column -- the rebuild drops \(droppedColumns().joined(separator: ", "))")
        }
        let kept = copies.compactMap { copy in
            copy.source.map {
                KeptColumn(
                    sourceTable: renames.originalTable(wanted.name),
                    sourceColumn: renames.originalColumn(table: wanted.name, column: $0), table: wanted.name,
                    column: copy.target, isConverted: copy.isConverted)
            }
        }
        var step = SchemaPlanStep(
            .rebuildTable, name: wanted.name, change: .modifyTable(old: current, new: wanted, changes: changes),
            comments: comments, statements: statements, risks: risks, placeholders: copies.flatMap(\.placeholders))
        step.keepsRowIDs = keepsRowIDs(copies)
        return (step, kept, Set(copies.filter(\.narrows).map(\.target.identifierKey)))
    }

    /// What differs between the two definitions, the table's changes said from the current definition to the
    /// wanted one: `column price: type TEXT → INTEGER`, `adds CHECK (v > 0)`.
    private func differences() -> [String] {
        SchemaChange.modifyTable(old: current, new: wanted, changes: changes).differences.map { difference in
            guard let detail = difference.detail else {
                return "\(difference.kind == .missing ? "adds" : "drops") \(difference.objectType) \(difference.name)"
            }
            switch detail.change {
            case .missing: return "adds \(detail.subject)"
            case .extra: return "drops \(detail.subject)"
            case .changed:
                let aspect = detail.aspect.map { "\($0) " } ?? ""
                return "\(detail.subject): \(aspect)\(detail.found ?? "none") → \(detail.expected ?? "none")"
            }
        }
    }

    /// The `data loss:` comment lines of a risk: one per sentence (dropped columns have one each).
    static func lossComments(_ risk: PlanRisk) -> [String] {
        guard case .dropsData(let table, let columns) = risk, columns.count > 1 else { return ["data loss: \(risk)"] }
        return columns.map { "data loss: \(PlanRisk.dropsData(table: table, columns: [$0]))" }
    }

    private func columnCopies() -> [ColumnCopy] {
        let old = Dictionary(current.columns.map { ($0.name.identifierKey, $0) }, uniquingKeysWith: { a, _ in a })
        let alias = rowIDAlias(of: wanted)
        // What each column holds and takes matters only where a table is STRICT: an ordinary column takes
        // every value, and a copy between ordinary columns is judged by their affinities.
        let storage = current.isStrict || wanted.isStrict ? StrictStorage() : nil
        return wanted.columns.compactMap { column in
            guard column.hidden == 0 else { return nil }  // generated: SQLite computes it
            let to = TypeAffinity.of(column.declaredType, isStrict: wanted.isStrict, on: connection)
            guard let source = old[column.name.identifierKey], source.hidden != 1 else {
                return ColumnCopy.added(
                    column, affinity: to, isRowIDAlias: alias?.identifierKey == column.name.identifierKey)
            }
            let from = TypeAffinity.of(source.declaredType, isStrict: current.isStrict, on: connection)
            let wasAlias = rowIDAlias(of: current)?.isSameIdentifier(as: source.name) == true
            let all = Set(StrictStorage.Class.allCases)
            // The rowid's alias holds only integers, whatever the table.
            let held =
                wasAlias
                ? [.integer]
                : storage?.storage(declaredType: source.declaredType, affinity: from, isStrict: current.isStrict)
                    .held ?? all
            let accepted =
                wanted.isStrict
                ? storage?.storage(declaredType: column.declaredType, affinity: to, isStrict: true).accepted ?? []
                : all
            return ColumnCopy.kept(
                source, into: column, table: wanted.name, affinities: (from, to),
                strictness: (current.isStrict, wanted.isStrict),
                storage: StrictStorage.Storage(held: held, accepted: accepted),
                rowIDAlias: (wasAlias, !wasAlias && alias?.isSameIdentifier(as: column.name) == true))
        }
    }

    /// The `INTEGER PRIMARY KEY` column that is the table's rowid, or nil. SQLite makes an index for any other
    /// primary key (`INT PRIMARY KEY`, `INTEGER PRIMARY KEY DESC`), never for the rowid's alias.
    func rowIDAlias(of table: SchemaModel.Table) -> String? {
        let key = table.columns.filter { $0.primaryKeyPosition > 0 }
        guard !table.isWithoutRowID, key.count == 1, key[0].declaredType.uppercased() == "INTEGER",
            !table.uniqueConstraints.contains(where: { $0.origin == "pk" })
        else { return nil }
        return key[0].name
    }

    /// `INSERT INTO new (rowid, columns) SELECT rowid, expressions FROM old`; the rowid is kept when both are
    /// rowid tables (so nothing that refers to it breaks) unless a copied column is the new rowid already. A
    /// plain `INSERT`: a row the new table refuses fails the migration, which then changes nothing.
    private func insertStatement(_ copies: [ColumnCopy]) -> String? {
        var targets = copies.map { quoted($0.target) }
        var expressions = copies.map(\.expression)
        let names = Set((current.columns + wanted.columns).map(\.name.identifierKey))
        let aliasCopied =
            rowIDAlias(of: wanted).map { alias in
                copies.contains { $0.source != nil && $0.target.isSameIdentifier(as: alias) }
            } ?? false
        if !current.isWithoutRowID, !wanted.isWithoutRowID, !aliasCopied,
            let rowid = ["rowid", "_rowid_", "oid"].first(where: { !names.contains($0.identifierKey) })
        {
            targets.insert(rowid, at: 0)
            expressions.insert(rowid, at: 0)
        }
        guard !targets.isEmpty else { return nil }
        return
            "INSERT INTO \(quoted(temporaryName)) (\(targets.joined(separator: ", ")))"
            + " SELECT \(expressions.joined(separator: ", ")) FROM \(quoted(current.name))"
    }

    /// Whether the copy keeps every row's rowid: not when both tables have one but the new rowid's alias is
    /// copied from a column that was not the old rowid.
    private func keepsRowIDs(_ copies: [ColumnCopy]) -> Bool {
        guard !current.isWithoutRowID, !wanted.isWithoutRowID, let alias = rowIDAlias(of: wanted),
            let source = copies.first(where: { $0.target.isSameIdentifier(as: alias) })?.source
        else { return true }
        return rowIDAlias(of: current)?.isSameIdentifier(as: source) == true
    }

    /// AUTOINCREMENT's high-water mark carried from the old table to the new one, so no number is handed out
    /// twice.
    private func sequenceStatements() -> [String] {
        guard current.isAutoincrement, wanted.isAutoincrement else { return [] }
        let new = SQLText.literal(temporaryName)
        return [
            "DELETE FROM sqlite_sequence WHERE name = \(new)",
            "INSERT INTO sqlite_sequence (name, seq) SELECT \(new), seq FROM sqlite_sequence WHERE name = "
                + SQLText.literal(current.name),
        ]
    }
}
