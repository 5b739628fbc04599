extension DatabaseInstaller {
    /// An install that published its copy, but whose folder could not be fsynced afterwards: the install
    /// succeeded and the copy is complete (it was fsynced before it got its name), but the new name itself may
    /// not survive a power loss. If it does not, the next launch finds no copy and installs it again; no user
    /// row can be lost, since a fresh copy holds none yet.
    public struct DurabilityWarning: Equatable, Sendable {
        /// The path the copy was published at.
        public let published: String
        /// The failed `fsync` of its folder, with the real `errno`.
        public let error: FileSystemError

        /// A warning from its facts.
        package init(published: String, error: FileSystemError) {
            self.published = published
            self.error = error
        }

        /// What happened, in one lowercase line.
        public var message: String {
            "installed \(published), but cannot \(error.description): the new name may not survive a power loss"
        }

        /// What it means for the app.
        public var hint: String {
            "the copy is complete; if a power loss undoes its name, the next install copies it again"
        }
    }
}
