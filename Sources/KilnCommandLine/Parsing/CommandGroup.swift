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
