/// How safely a load writes.
package enum SeedDurability: Sendable {
    /// The database's own journal and sync settings: a crash leaves the previous content.
    case full
    /// No journal and no fsync: only for a file nobody else can see yet, which is discarded on failure.
    case unjournaled
}
