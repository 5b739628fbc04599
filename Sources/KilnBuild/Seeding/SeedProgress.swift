import Foundation

/// Progress of a long load, reported every few thousand rows.
public struct SeedProgress: Sendable {
    /// The table being loaded.
    public let table: String
    /// Rows loaded so far, across all tables.
    public let rows: Int
    /// CSV bytes read so far, across all tables.
    public let bytes: Int
    /// Seconds since the load started, from a monotonic clock.
    public let elapsed: TimeInterval
}
