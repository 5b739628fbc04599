extension TemporaryDirectory {
    /// A fresh folder that is a kiln project with nothing in it yet: only a `kiln.json` of `{}`, the least that
    /// makes a folder a project `kiln new` and `kiln import` add a first database to (`kiln init` aside).
    public static func emptyProject() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.write("kiln.json", "{}\n")
        return folder
    }
}
