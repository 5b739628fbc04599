/// The K-th of N disjoint slices of a fleet (`--shard K/N`, K from 1 to N), so that N machines, each given
/// its own K, migrate every file exactly once between them without talking to each other.
///
/// A file belongs to slice `stableHash(relativePath) % N + 1`. The hash is 64-bit FNV-1a of the UTF-8
/// bytes of ``FleetFile/relativePath``: the same on every platform, in every release, whatever order the
/// files are listed in.
public struct FleetShard: Sendable, Hashable, CustomStringConvertible {
    /// Which slice, from 1 to ``count``.
    public let index: Int
    /// How many slices.
    public let count: Int

    /// The slice `index` of `count`; nil unless `1 <= index <= count`.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether `file` is in this slice.
    package func contains(_ file: FleetFile) -> Bool {
        Int(Self.stableHash(of: file.relativePath) % UInt64(count)) == index - 1
    }

    /// 64-bit FNV-1a of the UTF-8 bytes of `relativePath`.
    package static func stableHash(of relativePath: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in relativePath.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }
}
