extension CheckFinding.DestructiveStatement {
    /// The lint rule that reports it.
    package var rule: LintRule {
        switch self {
        case .dropTable: .dropTable
        case .dropColumn: .dropColumn
        case .deleteWithoutWhere: .deleteWithoutWhere
        }
    }
}

extension CheckFinding.Reason {
    /// The lint rule behind a lint warning, or nil for other findings.
    package var lintRule: LintRule? {
        switch self {
        case .destructiveMigration(let statement): statement.rule
        case .seedWithoutPrimaryKey: .seedWithoutPrimaryKey
        case .queryFullScan: .fullScan
        case .renameReferencedTable: .renameReferencedTable
        default: nil
        }
    }
}
