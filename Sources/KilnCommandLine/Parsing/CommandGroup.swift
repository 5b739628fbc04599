/// The groups `kiln help` lists subcommands in, in the order a newcomer meets them.
public enum CommandGroup: String, CaseIterable, Sendable {
    /// Starting a project and writing migrations (`init`, `new`, `plan`, `import`).
    case writeMigrations = "WRITE MIGRATIONS"
    /// Building, seeding and checking what ships (`build`, `seed`, `check`, `hash`).
    case buildAndShip = "BUILD AND SHIP"
    /// Looking at databases (`status`, `schema`).
    case inspect = "INSPECT"
    /// Files on a developer's or user's machine (`migrate`, `reset`, `install`).
    case install = "MIGRATE AND INSTALL"
    /// kiln itself (`help`, `version`, `completions`).
    case kiln = "KILN ITSELF"
}

extension CommandGroup {
    /// The group's name as a heading in sentence case (`Write migrations`), for the man page and the Markdown
    /// reference; help prints ``rawValue`` in capitals.
    var title: String {
        let lower = rawValue.lowercased()
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }
}
