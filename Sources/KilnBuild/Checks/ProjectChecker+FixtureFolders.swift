import Kiln

extension ProjectChecker {
    /// What is wrong with the project as a whole rather than with one database: each entry of `fixtures/`
    /// that names no database (a misspelled or deleted database's fixtures, which kiln would never read), and
    /// each file of `schema/` that is no database's schema file (``SchemaFileCheck``). Hidden entries
    /// (`.gitkeep`, `.DS_Store`) are left alone.
    ///
    /// - Returns: an error at each such entry; none when neither folder exists.
    package func projectFindings() -> [CheckFinding] {
        let folder = project.root.appendingPathComponent("fixtures").path
        let strays = SchemaFileCheck.strayFindings(in: project)
        guard FileSystem.isDirectory(folder), let entries = try? FileSystem.contentsOfDirectory(folder),
            let known = try? project.databaseNames()
        else { return strays }
        let databases = Set(known)
        return strays
            + entries.sorted().filter { !$0.hasPrefix(".") && !databases.contains($0) }.map { name in
                CheckFinding(
                    .fixtureFolderUnknown(name: name, known: known),
                    at: SourceLocation(path: "fixtures/\(name)", line: 1, column: 1))
            }
    }
}
