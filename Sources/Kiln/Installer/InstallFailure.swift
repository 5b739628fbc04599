/// An installer step's failure before it knows the paths of the install: ``DatabaseInstaller/install()``
/// turns it into an ``InstallerError`` naming the bundled file and the copy.
struct InstallFailure: Error {
    /// Why.
    let reason: InstallerError.Reason

    /// A failure for `reason`.
    init(_ reason: InstallerError.Reason) { self.reason = reason }
}
