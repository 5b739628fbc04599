extension DatabaseInstaller {
    /// How far the copy of the bundled database has got, for a first-launch progress bar: reported when the
    /// copy starts, as it goes on (every 16 MiB on Linux), and when every byte is copied.
    public struct CopyProgress: Sendable, Equatable {
        /// Bytes copied so far.
        public let copiedBytes: Int
        /// The bundled database's size in bytes.
        public let totalBytes: Int

        /// A progress value.
        package init(copiedBytes: Int, totalBytes: Int) {
            self.copiedBytes = copiedBytes
            self.totalBytes = totalBytes
        }

        /// The share copied, from 0 to 1 (1 for an empty file).
        public var fractionCompleted: Double {
            totalBytes > 0 ? min(1, Double(copiedBytes) / Double(totalBytes)) : 1
        }

        /// Seconds left when the copy so far took `elapsed` seconds, at the same pace (the estimate kiln's own
        /// progress lines show); nil too early to tell (1% or less copied, or under half a second) and once every
        /// byte is copied.
        public func estimatedSecondsLeft(elapsed: Double) -> Double? {
            TimeLeftEstimate.seconds(fractionCompleted: fractionCompleted, elapsed: elapsed)
        }
    }
}
