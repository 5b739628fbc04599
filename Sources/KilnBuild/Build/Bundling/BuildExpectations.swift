/// What a built file must be.
package struct BuildExpectations: Sendable {
    /// The newest migration.
    package let userVersion: Int32
    /// The configured application id.
    package let applicationID: Int32
    /// The configured page size.
    package let pageSize: Int

    /// Expectations from their parts.
    package init(userVersion: Int32, applicationID: Int32, pageSize: Int) {
        self.userVersion = userVersion
        self.applicationID = applicationID
        self.pageSize = pageSize
    }
}
