import Foundation
import Kiln

/// Progress of a long load: reported when each table starts, every few thousand rows while it loads, and when
/// its indexes are rebuilt. Cheap to make: the loader builds one only when a callback wants it.
package struct SeedProgress: Sendable, Equatable {
    /// What the load is doing to ``table``.
    package enum Phase: Sendable, Equatable {
        /// Reading the table's CSV file and inserting its rows.
        case reading
        /// Re-creating the table's indexes after its rows went in.
        case indexing
    }

    /// The table being loaded.
    package let table: String
    /// Which table it is in load order, from 1.
    package let tableNumber: Int
    /// How many tables the load fills.
    package let tableCount: Int
    /// What the load is doing to the table.
    package let phase: Phase
    /// Rows loaded so far, across all tables.
    package let rows: Int
    /// Rows of ``table`` loaded so far (what a display labelled with the table shows).
    package let tableRows: Int
    /// CSV bytes read so far, across all tables.
    package let bytes: Int
    /// The size of every CSV file of the load together, in bytes (0 when none could be measured).
    package let totalBytes: Int
    /// Seconds since the load started, from a monotonic clock.
    package let elapsed: TimeInterval

    /// A progress value; the loader makes these, tests and other loaders may too. `tableRows` is `rows` when
    /// not given (a load of one table).
    package init(
        table: String, tableNumber: Int = 1, tableCount: Int = 1, phase: Phase = .reading, rows: Int,
        tableRows: Int? = nil, bytes: Int, totalBytes: Int = 0, elapsed: TimeInterval
    ) {
        self.table = table
        self.tableNumber = tableNumber
        self.tableCount = tableCount
        self.phase = phase
        self.rows = rows
        self.tableRows = tableRows ?? rows
        self.bytes = bytes
        self.totalBytes = totalBytes
        self.elapsed = elapsed
    }

    /// The share of the load's bytes read, from 0 to 1; nil when the total is unknown.
    package var fractionCompleted: Double? {
        totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : nil
    }

    /// Seconds left at the rate so far (``TimeLeftEstimate``); nil when the total is unknown, until a little
    /// has been read (the first estimates are noise), and once every byte is read.
    package var estimatedSecondsLeft: TimeInterval? {
        fractionCompleted.flatMap { TimeLeftEstimate.seconds(fractionCompleted: $0, elapsed: elapsed) }
    }
}
